import { Alert, Anchor, Badge, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { QueryState } from '../../../ui/QueryState';
import { ChatPanel } from '../chat/ChatPanel';
import { fetchRoom, messagingKeys } from '../messaging.api';

const TONE = { pending: 'yellow', open: 'teal', closed: 'gray' } as const;

/**
 * One request to talk, as its asker sees it: "En attente" until the company accepts, then
 * the conversation. Nothing to reload: the company's answer comes as a notification to
 * the asker's user room, which refreshes the `['messaging']` queries (use-live-events), and
 * its messages arrive in `chatroom.{id}`, which the asker's socket joined when asking.
 */
export function SupportRequestView({ sid, id }: { sid: string; id: number }) {
  const { t } = useTranslation('messaging');
  const scope = useCacheScope();
  const room = useQuery({ queryKey: messagingKeys.room(scope, id), queryFn: () => fetchRoom(id) });
  const status = room.data?.status ?? 'pending';
  const company = room.data?.company_name ?? '';
  return (
    <QueryState isPending={room.isPending} error={room.error} onRetry={() => void room.refetch()}>
      <Stack gap="sm" data-testid="support-request" data-status={status}>
        <Anchor component={Link} to={`/${sid}/web/contact`} size="sm">
          {t('talk.backToRequests')}
        </Anchor>
        <Group gap="xs">
          <Title order={2} size="h4">
            {company}
          </Title>
          <Badge color={TONE[status]} variant="light" data-testid="support-status">
            {t(`status.${status}`)}
          </Badge>
        </Group>
        <Alert color={TONE[status]} title={t(`talk.${status}Title`)} role="status">
          {t(`talk.${status}Text`, { company })}
        </Alert>
        <ChatPanel roomId={id} height="50dvh" />
      </Stack>
    </QueryState>
  );
}
