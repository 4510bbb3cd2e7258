import { Stack, Tabs, Title } from '@mantine/core';
import { IconBell, IconDevices, IconLock, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PasswordChangeForm } from '../../features/identity/profile/PasswordChangeForm';
import { ProfileDevicesSection } from '../../features/identity/profile/ProfileDevicesSection';
import { ProfileNotificationsSection } from '../../features/identity/profile/ProfileNotificationsSection';
import { ProfileUserSection } from '../../features/identity/profile/ProfileUserSection';
import { useDocumentTitle } from '../../lib/document-title.hook';
import { useAccount } from '../../lib/session/use-session';

const SECTIONS = ['user', 'notifications', 'security', 'devices'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * /{sid}/profile[/:action[/:section]] (admin, agent) and /{sid}/web/profile[...]
 * (customer). Sections: user (names, username, language, photo, promotional opt-in),
 * notifications (channels and event kinds), security (password), devices (sign-out per device).
 */
export function ProfilePage() {
  const { t } = useTranslation('session');
  const account = useAccount();
  const { action, section } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useDocumentTitle(t('profile'));
  // `:section` when both are given, else `:action` may name the section itself.
  const requested = (section ?? action) as Section | undefined;
  const current: Section = requested && SECTIONS.includes(requested) ? requested : 'user';
  const base = pathname.slice(0, pathname.indexOf('/profile') + '/profile'.length);
  if (!account) return null;
  return (
    <Stack gap="lg" data-testid="profile-page">
      <Title order={1} size="h2">
        {t('profile')}
      </Title>
      <Tabs value={current} onChange={(value) => value && navigate(`${base}/edit/${value}`)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="user" leftSection={<IconUser size={16} />}>
            {t('sectionUser')}
          </Tabs.Tab>
          <Tabs.Tab value="notifications" leftSection={<IconBell size={16} />}>
            {t('sectionNotifications')}
          </Tabs.Tab>
          <Tabs.Tab value="security" leftSection={<IconLock size={16} />}>
            {t('sectionSecurity')}
          </Tabs.Tab>
          <Tabs.Tab value="devices" leftSection={<IconDevices size={16} />}>
            {t('sectionDevices')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="user" pt="lg">
          <ProfileUserSection key={account.usr.id} account={account} />
        </Tabs.Panel>
        <Tabs.Panel value="notifications" pt="lg">
          <ProfileNotificationsSection key={account.usr.id} account={account} />
        </Tabs.Panel>
        <Tabs.Panel value="security" pt="lg">
          <PasswordChangeForm sid={account.sid} />
        </Tabs.Panel>
        <Tabs.Panel value="devices" pt="lg">
          <ProfileDevicesSection sid={account.sid} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
