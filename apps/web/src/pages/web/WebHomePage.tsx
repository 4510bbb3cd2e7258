import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PendingInvitations } from '../../features/tenancy/invitations/PendingInvitations';
import { profilePathOf } from '../../features/identity/session/AccountMenu';
import { RoleBadges } from '../../features/identity/session/RoleBadges';
import { CommerceShortcuts } from '../../features/commerce/CommerceShortcuts';
import { useDocumentTitle } from '../../lib/document-title.hook';
import { useAccount } from '../../lib/session/use-session';

/** /{sid}/web: the customer's space; for now their pending invitations to join companies. */
export function WebHomePage() {
  const { t } = useTranslation('session');
  const account = useAccount();
  useDocumentTitle(t('webTitle'));
  if (!account) return null;
  return (
    <Stack gap="lg" data-testid="web-home">
      <Title order={1} size="h2">
        {t('welcome', { name: account.usr.name })}
      </Title>
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <RoleBadges account={account} />
          <Text size="sm">{account.usr.email ?? account.usr.phone}</Text>
          <Anchor component={Link} to={profilePathOf(account)} size="sm">
            {t('profile')}
          </Anchor>
        </Stack>
      </Card>
      <CommerceShortcuts account={account} area="web" />
      <PendingInvitations sid={account.sid} />
    </Stack>
  );
}
