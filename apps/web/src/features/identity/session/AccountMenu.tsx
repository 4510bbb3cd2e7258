import { FORCE_QUERY, WEB_ROUTES } from '@app/contracts/routes';
import { Avatar, Box, Menu, Text, UnstyledButton } from '@mantine/core';
import { decorativePicture } from '../../../lib/reduced-data';
import { IconLogout, IconPlus, IconUser, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { homeOf } from '../../../lib/session/addresses';
import type { StoredAccount } from '../../../lib/session/account.types';
import { pictureUrl } from '../../../lib/session/picture';
import { inSession } from '../../../lib/session/session-id';
import { useAllAccounts } from '../../../lib/session/use-session';
import { APP_LANGUAGES, LANGUAGE_NAMES } from '../../../i18n/languages';
import { useColorSchemeToggle } from '../../../ui/ColorSchemeToggle';
import { useLanguageChange } from '../../../ui/LanguageSwitcher';
import { usePhoneLayout } from '../../../ui/use-phone-layout';

/** Profile path of an account: customers have theirs in the web area (section 2). */
export function profilePathOf(account: StoredAccount): string {
  return inSession(account.sid, account.usr.type === 'customer' ? '/web/profile' : '/profile');
}

/**
 * The signed-in person, the other accounts open in this browser (each in its own
 * path session), adding one more, and signing out of this one.
 */
export function AccountMenu({ account }: { account: StoredAccount }) {
  const { t } = useTranslation('session');
  const others = useAllAccounts().filter((a) => a.sid !== account.sid);
  // On a phone's layout the header has no room for them.
  const phone = usePhoneLayout();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {/* The name read out includes the initials shown (WCAG 2.5.3, axe label-content-name-mismatch). */}
        <UnstyledButton data-testid="account-menu" aria-label={`${initialsOf(account.usr.name)} · ${t('accountMenu', { name: account.usr.name })}`}>
          <Avatar src={decorativePicture(pictureUrl(account.picture))} alt="" radius="xl" size={34} color="blue">
            {initialsOf(account.usr.name)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {account.usr.name}
          </Text>
          <Text size="xs">{account.usr.email ?? account.usr.username ?? account.usr.phone}</Text>
        </Menu.Label>
        {/* Phones: the header keeps one line, its language and theme controls come here, as
            menu entries (a field or a plain button inside role="menu" is not allowed: axe
            aria-required-children). */}
        {phone ? <DisplayEntries /> : null}
        <Menu.Item component={Link} to={profilePathOf(account)} leftSection={<IconUser size={16} />}>
          {t('profile')}
        </Menu.Item>
        {others.length > 0 ? <Menu.Label>{t('otherAccounts')}</Menu.Label> : null}
        {others.map((other) => (
          <Menu.Item key={other.sid} component={Link} to={homeOf(other)} leftSection={<IconUsers size={16} />}>
            {other.usr.name}
          </Menu.Item>
        ))}
        <Menu.Item component={Link} to={`${WEB_ROUTES.authLogin}?${FORCE_QUERY}=true`} leftSection={<IconPlus size={16} />}>
          {t('addAccount')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={inSession(account.sid, '/auth/logout')}
          color="red"
          leftSection={<IconLogout size={16} />}
          data-testid="logout-link"
        >
          {t('logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The interface language (one checked entry per language, each named in itself) and the colour scheme. */
function DisplayEntries() {
  const { t } = useTranslation('session');
  const { language, pending, change } = useLanguageChange();
  const scheme = useColorSchemeToggle();
  return (
    <>
      <Menu.Label>{t('display')}</Menu.Label>
      <Box data-testid="lang-switch-menu">
        <Menu.RadioGroup value={language} onChange={(next) => change(next)}>
          {APP_LANGUAGES.map((code) => (
            <Menu.RadioItem key={code} value={code} lang={code} disabled={pending}>
              {LANGUAGE_NAMES[code]}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Box>
      <Menu.Item closeMenuOnClick={false} leftSection={<scheme.Icon size={16} />} onClick={scheme.toggle}>
        {scheme.label}
      </Menu.Item>
      <Menu.Divider />
    </>
  );
}

/** Up to two initials (section 9). */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}
