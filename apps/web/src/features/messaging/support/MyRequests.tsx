import { Badge, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { formatRelative, truncate } from '../../../ui/format';
import { SkeletonLines } from '../../../ui/QueryState';
import { fetchRooms, messagingKeys } from '../messaging.api';

/**
 * The requests the account made as itself (support rooms it is in without being one of
 * the company's agents), newest activity first, each with its state.
 */
export function MyRequests({ sid }: { sid: string }) {
  const { t } = useTranslation('messaging');
  const scope = useCacheScope();
  const { account } = useCurrentSession();
  const rooms = useQuery({ queryKey: messagingKeys.myRequests(scope), queryFn: () => fetchRooms('support', 1, 100) });
  const mine = (rooms.data?.data ?? []).filter((r) => r.created_by === account?.usr.id);
  return (
    <Stack gap="xs" data-testid="my-requests">
      <Title order={2} size="h4">
        {t('talk.myRequests')}
      </Title>
      {rooms.isPending ? <SkeletonLines lines={2} /> : null}
      {rooms.isSuccess && mine.length === 0 ? <Text c="dimmed">{t('talk.noRequest')}</Text> : null}
      {mine.map((room) => (
        <UnstyledButton key={room.id} component={Link} to={`/${sid}/web/contact/${room.id}`} data-testid="my-request">
          <Card withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} truncate>
                {room.company_name ?? room.title}
              </Text>
              <Group gap={6} wrap="nowrap">
                {room.unread ? <Badge size="sm" circle>{room.unread}</Badge> : null}
                <Badge variant="light" color={room.status === 'pending' ? 'yellow' : room.status === 'open' ? 'teal' : 'gray'}>
                  {t(`status.${room.status}`)}
                </Badge>
              </Group>
            </Group>
            <Text size="xs" c="dimmed" truncate>
              {room.last_message ? truncate(room.last_message.body, 80) : ''} · {formatRelative(room.last_message_at ?? room.created_at)}
            </Text>
          </Card>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
