import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StoredAccount } from '../../../lib/session/account.types';
import { rolesOf } from '../../../lib/session/account-model';

/** The roles of the account (admin, agent, partner, customer), in French. */
export function RoleBadges({ account }: { account: StoredAccount }) {
  const { t } = useTranslation('session');
  return (
    <Group gap={6} data-testid="role-badges">
      {[...rolesOf(account)].map((role) => (
        <Badge key={role} variant="outline">
          {t(`role_${role}`)}
        </Badge>
      ))}
    </Group>
  );
}
