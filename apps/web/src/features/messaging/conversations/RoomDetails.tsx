import { Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { formatDateTime } from '../../../ui/format';
import { fetchRoom, messagingKeys } from '../messaging.api';

/** `{type}/{id}/details`: the room's kind, status, subject and members with how far each has read. */
export function RoomDetails({ sid, type, id }: { sid: string; type: string; id: number }) {
  const { t } = useTranslation('messaging');
  const scope = useCacheScope();
  const room = useQuery({ queryKey: messagingKeys.room(scope, id), queryFn: () => fetchRoom(id) });
  if (!room.data) return null;
  return (
    <Stack gap="sm" data-testid="room-details">
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
    </Stack>
  );
}
