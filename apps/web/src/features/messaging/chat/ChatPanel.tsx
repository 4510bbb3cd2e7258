import { ActionIcon, Anchor, Box, Button, FileButton, Group, Paper, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import type { MessageView } from '@app/contracts/messaging';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { formatDateTime } from '../../../ui/format';
import { MediaFile } from '../media-file';
import { newClientKey } from './client-key';
import { fetchMessages, fetchRoom, markRoomRead, messagingKeys, sendMessage, uploadAttachment } from '../messaging.api';

interface Outgoing {
  key: string;
  body: string;
  files: File[];
  failed: boolean;
}


export interface ChatPanelProps {
  /** The room (its caller must be a member: GET chatrooms/{id} answers 404 otherwise). */
  roomId: number;
  /** Height of the message list (any CSS length); the composer sits below it. */
  height?: string;
}

/**
 * One conversation, reusable anywhere (the conversations page, a participation, a
 * monitor): history paged backwards ("Messages plus anciens"), messages arriving live
 * (use-live-events invalidates the `['messaging']` queries on `message.created`), a
 * composer with files, read receipts ("Lu par …" under one's last message) and the
 * caller's own receipt sent as they read. A message is sent with a client key kept while
 * it is retried, so a resend after a failure or a reconnect is stored once.
 */
export function ChatPanel({ roomId: id, height = '55dvh' }: ChatPanelProps) {
  const { t } = useTranslation('messaging');
  const scope = useCacheScope();
  const queryClient = useQueryClient();
  const { account } = useCurrentSession();
  const me = account?.usr.id;
  const room = useQuery({ queryKey: messagingKeys.room(scope, id), queryFn: () => fetchRoom(id) });
  const history = useInfiniteQuery({
    queryKey: messagingKeys.messages(scope, id),
    queryFn: ({ pageParam }) => fetchMessages(id, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (first) => (first.meta?.has_more && first.data.length ? first.data[0].id : undefined),
  });
  const messages: MessageView[] = useMemo(() => [...(history.data?.pages ?? [])].reverse().flatMap((p) => p.data), [history.data]);
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const [draft, setDraft] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const viewport = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;

  // Read receipt: the newest message shown is read.
  useEffect(() => {
    if (!lastId) return;
    void markRoomRead(id, lastId).then(() => queryClient.invalidateQueries({ queryKey: messagingKeys.roomCounts(scope) }));
  }, [id, lastId, queryClient, scope]);
  // A new message, received or being sent, scrolls the list (not the page around it) to the bottom.
  const pendingCount = outgoing.length;
  useEffect(() => {
    const list = viewport.current;
    if (list && (lastId !== undefined || pendingCount > 0)) list.scrollTop = list.scrollHeight;
  }, [lastId, pendingCount]);

  const deliver = async (item: Outgoing) => {
    try {
      const attachments = [];
      for (const file of item.files) attachments.push((await uploadAttachment(id, file)).id);
      await sendMessage(id, { body: item.body, attachments, client_key: item.key });
      setOutgoing((list) => list.filter((o) => o.key !== item.key));
      await queryClient.invalidateQueries({ queryKey: messagingKeys.messages(scope, id) });
    } catch {
      setOutgoing((list) => list.map((o) => (o.key === item.key ? { ...o, failed: true } : o)));
    }
  };
  const submit = () => {
    if (!draft.trim() && files.length === 0) return;
    const item: Outgoing = { key: newClientKey(), body: draft.trim(), files, failed: false };
    setOutgoing((list) => [...list, item]);
    setDraft('');
    setFiles([]);
    void deliver(item);
  };

  const others = (room.data?.members ?? []).filter((m) => m.user_id !== me);
  const myLast = [...messages].reverse().find((m) => m.user_id === me);
  const readers = myLast ? others.filter((m) => (m.last_read_message_id ?? 0) >= myLast.id).map((m) => m.name) : [];
  const closed = room.data?.status === 'closed';

  return (
    <Stack gap="xs" data-testid="chat-panel">
      <Paper withBorder p="xs">
        <ScrollArea h={height} type="auto" viewportRef={viewport}>
          <Stack gap={6}>
            {history.hasNextPage ? (
              <Button size="compact-xs" variant="subtle" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
                {t('olderMessages')}
              </Button>
            ) : null}
            {history.isSuccess && messages.length === 0 && outgoing.length === 0 ? <Text c="dimmed">{t('noMessage')}</Text> : null}
            {messages.map((m) => (
              <Bubble key={m.id} message={m} mine={m.user_id === me} />
            ))}
            {outgoing.map((o) => (
              <Box key={o.key} style={{ alignSelf: 'flex-end', maxWidth: '85%' }}>
                <Paper p={6} bg="var(--mantine-color-blue-light)">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {o.body || o.files.map((f) => f.name).join(', ')}
                  </Text>
                </Paper>
                {o.failed ? (
                  <Anchor component="button" size="xs" c="red" onClick={() => void deliver({ ...o, failed: false })}>
                    {t('notSent')}
                  </Anchor>
                ) : (
                  <Text size="xs" c="dimmed">{t('sending')}</Text>
                )}
              </Box>
            ))}
            {readers.length ? (
              <Text size="xs" c="dimmed" ta="right" data-testid="read-receipt">
                {t('readBy', { names: readers.join(', ') })}
              </Text>
            ) : null}
          </Stack>
        </ScrollArea>
      </Paper>
      {closed ? (
        <Text c="dimmed">{t('closedRoom')}</Text>
      ) : (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <FileButton onChange={(picked) => setFiles(picked)} multiple accept="image/png,image/jpeg,image/webp,application/pdf">
            {(props) => (
              <ActionIcon {...props} variant="default" size="lg" aria-label={t('attach')}>
                <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <path d="m21.44 11.05-9.19 9.19a6 6 0 0 1-8.49-8.49l9.19-9.19a4 4 0 0 1 5.66 5.66l-9.2 9.19a2 2 0 0 1-2.83-2.83l8.49-8.48" />
                </svg>
              </ActionIcon>
            )}
          </FileButton>
          <Textarea
            style={{ flex: 1 }}
            autosize
            minRows={1}
            maxRows={5}
            aria-label={t('writeMessage')}
            placeholder={t('writeMessage')}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                submit();
              }
            }}
            description={files.length ? files.map((f) => f.name).join(', ') : undefined}
          />
          <Button onClick={submit}>{t('send')}</Button>
        </Group>
      )}
    </Stack>
  );
}

function Bubble({ message, mine }: { message: MessageView; mine: boolean }) {
  const { t } = useTranslation('messaging');
  return (
    <Box style={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '85%' }} data-testid="message">
      {!mine ? (
        <Text size="xs" c="dimmed">
          {message.sender_name}
        </Text>
      ) : null}
      <Paper p={6} bg={mine ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-default-hover)'}>
        {message.body ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.body}
          </Text>
        ) : null}
        {message.attachments.map((a) => (
          <MediaFile key={a.id} id={a.id} mime={a.mime} name={a.name ?? t('attachment')} />
        ))}
      </Paper>
      <Text size="xs" c="dimmed" ta={mine ? 'right' : 'left'}>
        {formatDateTime(message.created_at)}
      </Text>
    </Box>
  );
}
