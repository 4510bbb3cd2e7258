import { Badge, Button, Drawer, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { SkeletonLines } from '../../../ui/QueryState';
import { fetchRoomCounts, messagingKeys } from '../messaging.api';
import { ChatPanel } from './ChatPanel';

export interface SubjectChatProps {
  /** The heading, e.g. "Conversation avec Paul Ndzi". */
  title: string;
  /** The room once it exists and the caller is in it; null while it does not; undefined while loading. */
  roomId: number | null | undefined;
  /** Shown instead of the panel while there is no room: why, or what opening it does. */
  emptyText: string;
  /** Opens (or joins) the room; absent when the caller may not. */
  onOpen?: () => void;
  openLabel?: string;
  opening?: boolean;
  testId?: string;
}

/**
 * The conversation about a record (a participation, a monitor) beside that record: a
 * section of the page on wide screens, a "Conversation" button opening a full-height
 * drawer on a phone (with the room's unread count on the button). The room itself is a
 * ChatPanel; this frame only decides where it shows and offers to open it.
 */
export function SubjectChat({ title, roomId, emptyText, onOpen, openLabel, opening, testId = 'subject-chat' }: SubjectChatProps) {
  const { t } = useTranslation('messaging');
  const phone = useMediaQuery('(max-width: 48em)');
  const [opened, drawer] = useDisclosure(false);
  const scope = useCacheScope();
  const counts = useQuery({ queryKey: messagingKeys.roomCounts(scope), queryFn: fetchRoomCounts, enabled: Boolean(roomId) });
  const unread = counts.data?.rooms.find((r) => r.id === roomId)?.unread ?? 0;
  const body =
    roomId === undefined ? (
      <SkeletonLines lines={3} />
    ) : roomId === null ? (
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
        {onOpen ? (
          <Button size="xs" onClick={onOpen} loading={opening}>
            {openLabel ?? t('openConversation')}
          </Button>
        ) : null}
      </Stack>
    ) : (
      <ChatPanel roomId={roomId} height={phone ? 'calc(100dvh - 12rem)' : '45dvh'} />
    );
  if (phone) {
    return (
      <>
        <Button variant="light" onClick={drawer.open} data-testid={`${testId}-open`} rightSection={unread ? <Badge size="sm" circle>{unread}</Badge> : null}>
          {t('conversation')}
        </Button>
        <Drawer opened={opened} onClose={drawer.close} position="bottom" size="100%" title={title} data-testid={testId}>
          {body}
        </Drawer>
      </>
    );
  }
  return (
    <Paper withBorder p="sm" data-testid={testId} component="section" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        {unread ? <Badge size="sm">{t('unreadBadge', { count: unread })}</Badge> : null}
      </Group>
      {body}
    </Paper>
  );
}
