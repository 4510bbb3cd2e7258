import { Grid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RoomDetails } from '../../features/messaging/conversations/RoomDetails';
import { RoomList } from '../../features/messaging/conversations/RoomList';
import { RoomView } from '../../features/messaging/conversations/RoomView';
import { useCurrentSession } from '../../lib/session/use-session';
import { PageHeader } from '../../ui/PageHeader';

/**
 * `/{sessionID}/conversations/{type}[/{id}[/{details}]]`: the rooms beside the open one
 * on wide screens; on a phone one at a time (the list, then the room, then its details).
 */
export function ConversationsPage() {
  const { t } = useTranslation('messaging');
  const { t: tNav } = useTranslation('nav');
  const { sid } = useCurrentSession();
  const { type = 'all', id, details } = useParams();
  const phone = useMediaQuery('(max-width: 48em)');
  const roomId = id && /^\d+$/.test(id) ? Number(id) : null;
  const main = roomId === null ? (
    <Text c="dimmed">{t('chooseRoom')}</Text>
  ) : details ? (
    <RoomDetails key={`d${roomId}`} sid={sid} type={type} id={roomId} />
  ) : (
    <RoomView key={roomId} sid={sid} type={type} id={roomId} />
  );
  const header = <PageHeader title={tNav('items.conversations')} />;
  if (phone)
    return (
      <Stack gap="md">
        {header}
        {roomId === null ? <RoomList sid={sid} type={type} activeId={null} /> : main}
      </Stack>
    );
  return (
    <Stack gap="md">
      {header}
      <Grid>
        <Grid.Col span={4}>
          <RoomList sid={sid} type={type} activeId={roomId} />
        </Grid.Col>
        <Grid.Col span={8}>{main}</Grid.Col>
      </Grid>
    </Stack>
  );
}
