import { ActionIcon, Anchor, Box, Button, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import type { NotificationView } from '@app/contracts/messaging';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deferrable } from '../../../lib/reduced-data';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { formatRelative } from '../../../ui/format';
import { fetchNotifications, fetchUnreadCount, markAllNotificationsRead, markNotificationRead, messagingKeys } from '../messaging.api';
import { notificationHref } from './notification-links';

/**
 * The bell of the header: the unread count, the latest notifications (20 at a time),
 * mark one or all read, "Consulter" opens the object. Live events refresh it
 * (use-live-events.ts invalidates the messaging keys).
 */
export function NotificationBell({ sid }: { sid: string }) {
  const { t } = useTranslation('messaging');
  const scope = useCacheScope();
  const queryClient = useQueryClient();
  // Live events refresh it; coming back to the tab does too, in case one was missed.
  // Deferred under "données réduites" (lib/reduced-data.ts): live events still bring new ones.
  const unread = useQuery({ queryKey: messagingKeys.unread(scope), queryFn: fetchUnreadCount, ...deferrable({ staleTime: 30_000, refetchOnWindowFocus: true }) });
  const list = useInfiniteQuery({
    queryKey: messagingKeys.notifications(scope),
    queryFn: ({ pageParam }) => fetchNotifications(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.meta?.has_more ? pages.length + 1 : undefined),
    enabled: false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: messagingKeys.notifications(scope) });
  const readOne = useMutation({ mutationFn: markNotificationRead, onSuccess: refresh });
  const readAll = useMutation({ mutationFn: markAllNotificationsRead, onSuccess: refresh });
  const count = unread.data?.count ?? 0;
  const rows: NotificationView[] = list.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <Popover width={340} position="bottom-end" shadow="md" onOpen={() => void list.refetch()}>
      {/* The popover's aria attributes go on the button itself, not on the count's wrapper (axe aria-allowed-attr). */}
      <Indicator label={count > 99 ? '99+' : count} size={16} disabled={count === 0} offset={4} data-testid="bell-count">
        <Popover.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={count ? t('bellUnread', { count }) : t('bell')} data-testid="notification-bell">
            <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
              <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
            </svg>
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p="xs" data-testid="notification-list">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>{t('bell')}</Text>
          <Button size="compact-xs" variant="subtle" disabled={count === 0} loading={readAll.isPending} onClick={() => readAll.mutate()}>
            {t('markAllRead')}
          </Button>
        </Group>
        {/* Focusable, so the list scrolls from the keyboard too (axe scrollable-region-focusable). */}
        <ScrollArea.Autosize mah={400} viewportProps={{ tabIndex: 0, 'aria-label': t('bell') }}>
          <Stack gap={4}>
            {list.isSuccess && rows.length === 0 ? <Text c="dimmed" size="sm">{t('noNotification')}</Text> : null}
            {rows.map((n) => {
              const href = notificationHref(sid, n);
              return (
                <Box key={n.id} p={6} bg={n.read_at ? undefined : 'var(--mantine-color-blue-light)'} style={{ borderRadius: 4 }} data-testid="notification-item" data-unread={!n.read_at}>
                  <Text size="sm" fw={n.read_at ? 400 : 600}>
                    {n.title}
                  </Text>
                  {n.body ? <Text size="xs" c="dimmed" lineClamp={2}>{n.body}</Text> : null}
                  <Group gap="xs" justify="space-between">
                    <Text size="xs" c="dimmed">{formatRelative(n.created_at)}</Text>
                    <Group gap={6}>
                      {!n.read_at ? (
                        <Anchor component="button" size="xs" onClick={() => readOne.mutate(n.id)}>
                          {t('markRead')}
                        </Anchor>
                      ) : null}
                      {href ? (
                        <Anchor component={Link} to={href} size="xs" onClick={() => !n.read_at && readOne.mutate(n.id)}>
                          {t('open')}
                        </Anchor>
                      ) : null}
                    </Group>
                  </Group>
                </Box>
              );
            })}
            {list.hasNextPage ? (
              <Button size="compact-xs" variant="subtle" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {t('more')}
              </Button>
            ) : null}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
