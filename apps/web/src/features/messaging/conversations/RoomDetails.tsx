import { canDo } from '@app/contracts/permissions';
import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { showError } from '../../../lib/show-error';
import { useConfirm } from '../../../ui/ConfirmDialog';
import { formatDateTime } from '../../../ui/format';
import { leaveChatroomRoom } from '../live/use-live-events';
import { fetchRoom, leaveRoom, messagingKeys } from '../messaging.api';

/** `{type}/{id}/details`: the room's kind, status, subject and members with how far each has read. */
export function RoomDetails({ sid, type, id }: { sid: string; type: string; id: number }) {
  const { t } = useTranslation('messaging');
  const scope = useCacheScope();
  const room = useQuery({ queryKey: messagingKeys.room(scope, id), queryFn: () => fetchRoom(id) });
  const { account } = useCurrentSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirm, confirmDialog] = useConfirm();
  const me = account?.usr.id;
  // Leaving: the membership goes, and the live channel stops listening (leave:room).
  const leave = useMutation({
    mutationFn: () => leaveRoom(id, me!),
    onSuccess: () => {
      leaveChatroomRoom(sid, id);
      void queryClient.invalidateQueries({ queryKey: ['messaging'] });
      navigate(`/${sid}/conversations/${type}`);
    },
    onError: showError,
  });
  if (!room.data) return null;
  const canLeave = me !== undefined && room.data.members.some((m) => m.user_id === me) && (account ? canDo(account.permissions, 'chatrooms', 'update') : false);
  const name = room.data.name || t('details');
  return (
    <Stack gap="sm" data-testid="room-details">
      {confirmDialog}
      <Anchor component={Link} to={`/${sid}/conversations/${type}/${id}`} size="sm">
        {t('back')}
      </Anchor>
      <Group gap="xs">
        <Title order={2} size="h4">
          {room.data.name || t('details')}
        </Title>
        <Badge variant="light">{t(`kinds.${room.data.kind}`)}</Badge>
        <Badge variant="outline">{t(`status.${room.data.status}`)}</Badge>
      </Group>
      <Title order={3} size="h5">
        {t('members')}
      </Title>
      <Table>
        <Table.Tbody>
          {room.data.members.map((m) => (
            <Table.Tr key={m.user_id}>
              <Table.Td>
                <Text size="sm">{m.name}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {m.last_read_at ? formatDateTime(m.last_read_at) : ''}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {canLeave ? (
        <Group>
          <Button
            variant="light"
            color="red"
            loading={leave.isPending}
            data-testid="room-leave"
            onClick={async () => {
              const answer = await confirm({ message: t('leaveConfirm', { name }), confirmLabel: t('leave') });
              if (answer.confirmed) leave.mutate();
            }}
          >
            {t('leave')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
