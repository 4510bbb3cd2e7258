import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { formatDateTime, formatNumber } from '../../../ui/format';
import { SkeletonLines } from '../../../ui/QueryState';
import { fetchCompanyBroadcasts, messagingKeys } from '../messaging.api';

/**
 * The company's latest broadcasts (GET broadcasts) with their sending state: "En cours
 * d'envoi" while the background fan-out records and tells the recipients, then the
 * count. Polled every 2 s only while one is still sending.
 */
export function SentBroadcasts() {
  const { t } = useTranslation('messaging');
  const scope = useCacheScope();
  const sent = useQuery({
    queryKey: messagingKeys.sent(scope),
    queryFn: () => fetchCompanyBroadcasts(1),
    refetchInterval: (query) => (query.state.data?.data.some((b) => b.status === 'sending') ? 2000 : false),
  });
  const rows = sent.data?.data.slice(0, 5) ?? [];
  return (
    <Stack gap="xs" data-testid="sent-broadcasts">
      <Title order={2} size="h5">
        {t('sentDiffusions')}
      </Title>
      {sent.isPending ? <SkeletonLines lines={2} /> : null}
      {sent.isSuccess && rows.length === 0 ? <Text c="dimmed" size="sm">{t('noSentDiffusion')}</Text> : null}
      {rows.map((b) => (
        <Card key={b.id} withBorder padding="xs" data-testid="sent-broadcast" data-status={b.status}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={600} truncate>
              {b.title}
            </Text>
            {b.status === 'sending' ? (
              <Badge color="yellow" variant="light">
                {t('sending_broadcast')}
              </Badge>
            ) : (
              <Badge color="teal" variant="light">
                {t('sentTo', { count: b.recipient_count ?? 0, formatted: formatNumber(b.recipient_count ?? 0) })}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(b.published_at)}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
