import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { showToast } from '../../../lib/toast';
import { formatDateTime } from '../../../ui/format';
import { LoadError, SkeletonLines } from '../../../ui/QueryState';
import { MediaFile } from '../media-file';
import { fetchReceivedBroadcasts, markBroadcastRead, messagingKeys } from '../messaging.api';

/** `web/diffusions`: the broadcasts the account received, 20 at a time (section 9), newest first. */
export function DiffusionsList() {
  const { t } = useTranslation('messaging');
  const { t: kit } = useTranslation('kit');
  const scope = useCacheScope();
  const list = useInfiniteQuery({
    queryKey: messagingKeys.received(scope),
    queryFn: ({ pageParam }) => fetchReceivedBroadcasts(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.meta?.has_more ? pages.length + 1 : undefined),
    // Opened again (from a toast or the bell), it asks the server rather than trusting a
    // cached page: a broadcast whose live event was missed still shows.
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
  });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  // Shown is read: the unread ones on screen are marked once (their badge stays until the next visit).
  const unreadIds = rows.filter((b) => !b.read_at).map((b) => b.id).join(',');
  useEffect(() => {
    if (unreadIds) for (const id of unreadIds.split(',')) void markBroadcastRead(Number(id));
  }, [unreadIds]);
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <Stack gap="sm" data-testid="diffusions">
      {list.isPending ? <SkeletonLines lines={4} /> : null}
      {list.isSuccess && rows.length === 0 ? <Text c="dimmed">{t('noDiffusion')}</Text> : null}
      {rows.map((b) => (
        <Card key={b.id} withBorder padding="sm" data-testid="diffusion">
          <Group justify="space-between" wrap="nowrap">
            <Title order={3} size="h5">
              {b.title}
            </Title>
            {!b.read_at ? <Badge size="sm">{t('unread')}</Badge> : null}
          </Group>
          <Text size="xs" c="dimmed">
            {b.company_name ? t('from', { company: b.company_name }) : t('fromPlatform')} · {formatDateTime(b.published_at)}
          </Text>
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
            {b.body}
          </Text>
          {b.media_id && b.media_mime ? <MediaFile id={b.media_id} mime={b.media_mime} name={b.media_name ?? t('attachment')} /> : null}
        </Card>
      ))}
      {list.isSuccess ? (
        <Button
          variant="subtle"
          loading={list.isFetchingNextPage}
          onClick={() => (list.hasNextPage ? void list.fetchNextPage() : showToast({ message: kit('noMoreItems'), tone: 'warning' }))}
        >
          {t('more')}
        </Button>
      ) : null}
    </Stack>
  );
}
