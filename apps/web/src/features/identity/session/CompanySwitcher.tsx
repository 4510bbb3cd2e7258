import { Button, Menu, Text, VisuallyHidden } from '@mantine/core';
import { IconBuilding, IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StoredAccount } from '../../../lib/session/account.types';
import { activeAgentOf } from '../../../lib/session/account-model';
import { inSession } from '../../../lib/session/session-id';

/** The active company and the others the user can switch to (/{sid}/switch-company/{company}). */
export function CompanySwitcher({ account }: { account: StoredAccount }) {
  const { t } = useTranslation('session');
  const active = activeAgentOf(account);
  const usable = account.agents.filter((agent) => agent.status === 'active');
  if (usable.length === 0) return null;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-md"
          leftSection={<IconBuilding size={16} />}
          rightSection={usable.length > 1 ? <IconChevronDown size={14} /> : null}
          data-testid="company-switcher"
          maw="100%"
          styles={{ inner: { minWidth: 0 }, label: { minWidth: 0 } }}
        >
          {/* The name read out starts with the text shown (WCAG 2.5.3, axe label-content-name-mismatch). */}
          <Text span truncate maw={220} fw={600}>
            {active?.company.name ?? t('noCompany')}
          </Text>
          <VisuallyHidden> — {t('switchCompany')}</VisuallyHidden>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('switchCompany')}</Menu.Label>
        {usable.map((agent) => (
          <Menu.Item
            key={agent.id}
            component={Link}
            to={inSession(account.sid, `/switch-company/${agent.company_id}`)}
            leftSection={agent.id === active?.id ? <IconCheck size={14} /> : <span style={{ width: 14 }} />}
          >
            {agent.company.name} <Text span c="dimmed" size="xs">({agent.company.code})</Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
