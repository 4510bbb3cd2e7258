import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { formatDateTime } from '../../../ui/format';
import { LoadError, SkeletonLines } from '../../../ui/QueryState';
import { fetchBroadcast, markBroadcastRead, messagingKeys } from '../messaging.api';

/**
 * The broadcast a toast's or a notification's "Consulter" opened (`?broadcast={id}`),
 * fetched by its id (GET broadcasts/{id}) and shown above the list, then marked read: it
 * shows whatever page of the list holds it and whatever the cache had.
 */
export function OpenedBroadcast({ id }: { id: number }) {
  const { t } = useTranslation('messaging');
  const scope = useCacheScope();
  const queryClient = useQueryClient();
  const opened = useQuery({ queryKey: messagingKeys.broadcast(scope, id), queryFn: () => fetchBroadcast(id), refetchOnMount: 'always' });
  const loaded = opened.isSuccess;
  useEffect(() => {
    if (loaded) void markBroadcastRead(id).then(() => queryClient.invalidateQueries({ queryKey: messagingKeys.notifications(scope) }), () => undefined);
  }, [id, loaded, queryClient, scope]);
  if (opened.isError) return <LoadError error={opened.error} notFound={t('diffusionNotFound')} onRetry={() => void opened.refetch()} />;
  if (!opened.data) return <SkeletonLines lines={3} />;
  return (
    <Card withBorder padding="md" shadow="sm" data-testid="diffusion-opened" style={{ borderColor: 'var(--mantine-color-blue-filled)' }}>
      <Stack gap={4}>
        <Title order={2} size="h4">
          {opened.data.title}
        </Title>
        <Text size="xs" c="dimmed">
          {formatDateTime(opened.data.published_at)}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {opened.data.body}
        </Text>
      </Stack>
    </Card>
  );
}
