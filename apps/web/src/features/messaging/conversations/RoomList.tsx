import { Badge, Button, Card, Group, NavLink, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import { CHATROOM_KINDS } from '@app/contracts/messaging';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { formatRelative, truncate } from '../../../ui/format';
import { NewConversation } from './NewConversation';
import { fetchPending, fetchRoomCounts, fetchRooms, manageRoom, messagingKeys } from '../messaging.api';
import { ConfirmButton } from '../../../ui/ConfirmDialog';
import { showError } from '../../../lib/show-error';
import { Pager } from '../../../ui/list/Pager';

/** The caller's rooms of one kind (or all), latest first, each with its unread badge; pending requests for managers. */
export function RoomList({ sid, type, activeId }: { sid: string; type: string; activeId: number | null }) {
  const { t } = useTranslation('messaging');
  const scope = useCacheScope();
  const navigate = useNavigate();
  const kind = (CHATROOM_KINDS as readonly string[]).includes(type) ? type : undefined;
  // One page at a time (the kit's pager, 0-based; the API counts from 1); a new tab starts at its first page.
  const [paged, setPaged] = useState({ kind, page: 0 });
  const page = paged.kind === kind ? paged.page : 0;
  const rooms = useQuery({ queryKey: messagingKeys.rooms(scope, kind, page + 1), queryFn: () => fetchRooms(kind, page + 1), placeholderData: keepPreviousData });
  const counts = useQuery({ queryKey: messagingKeys.roomCounts(scope), queryFn: fetchRoomCounts, staleTime: 30_000 });
  const waiting = counts.data?.pending ?? 0;
  return (
    <Stack gap="xs">
      <Tabs value={kind ?? 'all'} onChange={(value) => navigate(`/${sid}/conversations/${value ?? 'all'}`)}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          <Tabs.Tab value="all">{t('conversations')}</Tabs.Tab>
          {CHATROOM_KINDS.map((k) => (
            <Tabs.Tab
              key={k}
              value={k}
              rightSection={
                k === 'support' && waiting ? (
                  <Badge size="xs" color="orange" circle data-testid="pending-count" aria-label={t('pendingCount', { count: waiting })}>
                    {waiting}
                  </Badge>
                ) : null
              }
            >
              {t(`kinds.${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <NewConversation sid={sid} />
      <PendingRequests sid={sid} />
      <ScrollArea.Autosize mah="70dvh">
        {rooms.isSuccess && rooms.data.data.length === 0 ? <Text c="dimmed">{t('noRoom')}</Text> : null}
        {rooms.data?.data.map((room) => (
          <NavLink
            key={room.id}
            component={Link}
            to={`/${sid}/conversations/${room.kind}/${room.id}`}
            active={room.id === activeId}
            data-testid="room-item"
            label={
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" fw={room.unread ? 700 : 500} truncate>
                  {room.title}
                </Text>
                {room.unread ? (
                  <Badge size="sm" circle={room.unread < 10} data-testid="room-unread" aria-label={t('unreadBadge', { count: room.unread })}>
                    {room.unread}
                  </Badge>
                ) : null}
              </Group>
            }
            description={
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="xs" c="dimmed" truncate>
                  {room.last_message ? truncate(room.last_message.body, 60) : t(`status.${room.status}`)}
                </Text>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {formatRelative(room.last_message_at ?? room.created_at)}
                </Text>
              </Group>
            }
          />
        ))}
      </ScrollArea.Autosize>
      <Pager page={page} meta={rooms.data?.meta} onPage={(next) => setPaged({ kind, page: next })} disabled={rooms.isPlaceholderData} />
    </Stack>
  );
}

/**
 * A manager's waiting requests (GET chatrooms/status/pending) with Accepter and Refuser
 * (POST chatrooms/{id}/manage/accept|close). A new request reaches the managers as a
 * notification, which refreshes this list live.
 */
function PendingRequests({ sid }: { sid: string }) {
  const { t } = useTranslation('messaging');
  const { account } = useCurrentSession();
  const scope = useCacheScope();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const manager = account?.permissions?.['chatrooms.manage'] === true;
  const pending = useQuery({ queryKey: messagingKeys.pending(scope), queryFn: fetchPending, enabled: manager });
  const manage = useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'accept' | 'close' }) => manageRoom(id, action),
    onError: showError,
    onSuccess: (_r, { id, action }) => {
      void queryClient.invalidateQueries({ queryKey: ['messaging'] });
      if (action === 'accept') navigate(`/${sid}/conversations/support/${id}`);
    },
  });
  if (!manager || !pending.data?.length) return null;
  return (
    <Stack gap={4} data-testid="pending-requests">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t('pendingRequests')}
        </Text>
        <Badge size="sm" color="orange">
          {pending.data.length}
        </Badge>
      </Group>
      {pending.data.map((request) => (
        <Card key={request.id} withBorder padding="xs">
          <Text size="sm" fw={600}>
            {request.requester_name}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {request.first_message}
          </Text>
          <Group gap="xs" mt={4}>
            <Button size="compact-xs" onClick={() => manage.mutate({ id: request.id, action: 'accept' })} loading={manage.isPending}>
              {t('accept')}
            </Button>
            <ConfirmButton
              size="compact-xs"
              variant="default"
              confirm={{ message: t('refuseConfirm', { name: request.requester_name || t('conversation') }), confirmLabel: t('refuse') }}
              onConfirm={() => manage.mutateAsync({ id: request.id, action: 'close' }).catch(() => undefined)}
            >
              {t('refuse')}
            </ConfirmButton>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
