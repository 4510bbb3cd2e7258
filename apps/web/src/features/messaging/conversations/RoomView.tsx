import { Anchor, Badge, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { ChatPanel } from '../chat/ChatPanel';
import { fetchRoom, messagingKeys } from '../messaging.api';

/** `/{sid}/conversations/{type}/{id}`: the room's name, status and details link above its chat panel. */
export function RoomView({ sid, type, id }: { sid: string; type: string; id: number }) {
  const { t } = useTranslation('messaging');
  const scope = useCacheScope();
  const { account } = useCurrentSession();
  const room = useQuery({ queryKey: messagingKeys.room(scope, id), queryFn: () => fetchRoom(id) });
  const others = (room.data?.members ?? []).filter((m) => m.user_id !== account?.usr.id);
  return (
    <Stack gap="xs" data-testid="room-view">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Anchor component={Link} to={`/${sid}/conversations/${type}`} hiddenFrom="sm" size="sm">
            {t('back')}
          </Anchor>
          <Title order={2} size="h4" lineClamp={1}>
            {room.data?.name || others.map((m) => m.name).join(', ') || t('conversations')}
          </Title>
          {room.data ? <Badge variant="light">{t(`status.${room.data.status}`)}</Badge> : null}
        </Group>
        <Anchor component={Link} to={`/${sid}/conversations/${type}/${id}/details`} size="sm">
          {t('details')}
        </Anchor>
      </Group>
      <ChatPanel roomId={id} />
    </Stack>
  );
}
