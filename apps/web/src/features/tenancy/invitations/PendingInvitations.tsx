import { INVITATION_CODE_PAGE } from '@app/contracts/routes';
import { Anchor, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inSession } from '../../../lib/session/session-id';
import { InvitationActions } from './InvitationActions';
import { fetchMyInvitations } from './invitations.api';

/**
 * The account's pending invitations (GET invitations/mine), each with Refuser / Accepter,
 * and the way in for an invitation known only by its code.
 */
export function PendingInvitations({ sid, hideWhenEmpty = false }: { sid: string; hideWhenEmpty?: boolean }) {
  const { t } = useTranslation('session');
  const query = useQuery({ queryKey: ['invitations', 'mine', sid], queryFn: () => fetchMyInvitations(sid), staleTime: 0 });
  if (hideWhenEmpty && (query.isPending || query.data?.length === 0)) return null;
  return (
    <Stack gap="sm" data-testid="pending-invitations">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h4">
          {t('pendingInvitations')}
        </Title>
        <Anchor component={Link} to={inSession(sid, INVITATION_CODE_PAGE)} size="sm" data-testid="invitation-code-link">
          {t('invitationCodeTitle')}
        </Anchor>
      </Group>
      {query.isPending ? <Loader size="sm" aria-label={t('loading')} /> : null}
      {query.isError ? (
        <Text c="red" role="alert">
          {query.error.message}
        </Text>
      ) : null}
      {query.data?.length === 0 ? <Text c="dimmed">{t('noInvitation')}</Text> : null}
      {query.data?.map((invitation) => (
        <Card key={invitation.id} withBorder padding="sm">
          <Text size="sm">{t('invitationSent', { host: invitation.hostName, company: invitation.companyName })}</Text>
          <InvitationActions sid={sid} invitationId={invitation.id} />
        </Card>
      ))}
    </Stack>
  );
}
