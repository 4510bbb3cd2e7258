import type { Scorecard, ScoreGroupRow, ScoreStats, ScoreTargetRow } from '@app/contracts/scorecards';
import { Anchor, Badge, Card, EmptyState, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatNumber, formatPercent, formatRelative } from '../../../ui/format';
import { useScoresT } from './scores-i18n';

// recharts is large: its chunk loads only when a scorecard with figures is shown.
const ScoreCharts = lazy(() => import('./ScoreCharts').then((m) => ({ default: m.ScoreCharts })));

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
    </Card>
  );
}

const average = (stats: ScoreStats) => formatNumber(stats.average, 2);
// formatPercent takes points (0-100), not a 0-1 ratio: 25 of 90 is 27,8 %, not 0,3 %.
const validatedShare = (stats: ScoreStats) => formatPercent(stats.count ? (100 * stats.validated) / stats.count : null);

function TargetList({ title, rows, testId }: { title: string; rows: ScoreTargetRow[]; testId: string }) {
  const { t } = useScoresT();
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Table verticalSpacing={4}>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.kind}-${row.id}`} data-testid={`${testId}-row`}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {row.name ?? t('unnamed')}
                </Text>
                <Badge size="xs" variant="light">
                  {t(`kinds.${row.kind}`)}
                </Badge>
              </Table.Td>
              <Table.Td ta="right" fw={700}>
                {average(row)}
              </Table.Td>
              <Table.Td ta="right" c="dimmed">
                {formatNumber(row.count, 0)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function GroupTable({ title, group, testId, link }: { title: string; group: { rows: ScoreGroupRow[]; total: number }; testId: string; link?: (row: ScoreGroupRow) => string }) {
  const { t } = useScoresT();
  if (group.rows.length === 0) return null;
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Table.ScrollContainer minWidth={360}>
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('name')}</Table.Th>
              <Table.Th ta="right">{t('average')}</Table.Th>
              <Table.Th ta="right">{t('count')}</Table.Th>
              <Table.Th ta="right">{t('validatedShare')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.rows.map((row) => (
              <Table.Tr key={row.id} data-testid={`${testId}-row`}>
                <Table.Td>
                  {link ? (
                    <Anchor component={Link} to={link(row)} size="sm">
                      {row.name ?? t('unnamed')}
                    </Anchor>
                  ) : (
                    (row.name ?? t('unnamed'))
                  )}
                </Table.Td>
                <Table.Td ta="right" fw={700}>
                  {average(row)}
                </Table.Td>
                <Table.Td ta="right">{formatNumber(row.count, 0)}</Table.Td>
                <Table.Td ta="right">{validatedShare(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {group.total > group.rows.length ? (
        <Text size="xs" c="dimmed" mt="xs">
          {t('moreRows', { shown: group.rows.length, total: group.total })}
        </Text>
      ) : null}
    </Card>
  );
}

/** How fresh the figures are: when read, and the latest change they include. */
export function Freshness({ scores }: { scores: Scorecard }) {
  const { t } = useScoresT();
  return (
    <Text size="sm" c="dimmed" data-testid="score-freshness">
      {t('freshness', { at: formatDateTime(scores.computed_at) })} · {scores.last_change_at ? t('lastChange', { ago: formatRelative(scores.last_change_at) }) : t('noChange')}
    </Text>
  );
}

/**
 * A scorecard: figures, freshness, charts, best and worst targets, and the roll-ups by
 * site, town, region and kind (`siteLink` makes site names open the site's page).
 */
export function ScorecardView({ scores, siteLink, extra }: { scores: Scorecard; siteLink?: (id: number) => string; extra?: ReactNode }) {
  const { t } = useScoresT();
  if (scores.totals.count === 0) {
    return (
      <Stack gap="sm">
        <Freshness scores={scores} />
        <EmptyState icon={<IconChartBar size={28} />} title={t('empty')} description={t('emptyHint')} data-testid="scores-empty" />
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-testid="scorecard">
      <Freshness scores={scores} />
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        <Figure label={t('evaluations')} value={formatNumber(scores.totals.count, 0)} testId="score-count" />
        <Figure label={t('average')} value={average(scores.totals)} testId="score-average" />
        <Figure label={t('spread')} value={formatNumber(scores.totals.stddev, 2)} testId="score-spread" />
        <Figure label={t('validatedShare')} value={validatedShare(scores.totals)} testId="score-validated" />
        <Figure label={t('targets')} value={formatNumber(scores.totals.targets, 0)} testId="score-targets" />
      </SimpleGrid>
      <Suspense fallback={<Loader size="sm" />}>
        <ScoreCharts scores={scores} />
      </Suspense>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TargetList title={t('top')} rows={scores.top} testId="score-top" />
        <TargetList title={t('bottom')} rows={scores.bottom} testId="score-bottom" />
      </SimpleGrid>
      {extra}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <GroupTable title={t('bySite')} group={scores.by_site} testId="score-sites" link={siteLink ? (row) => siteLink(row.id) : undefined} />
        <GroupTable
          title={t('byKind')}
          group={{ rows: scores.by_kind.map((k, i) => ({ ...k, id: i + 1, name: t(`kinds.${k.kind}`) })), total: scores.by_kind.length }}
          testId="score-kinds"
        />
        <GroupTable title={t('byTown')} group={scores.by_town} testId="score-towns" />
        <GroupTable title={t('byRegion')} group={scores.by_region} testId="score-regions" />
      </SimpleGrid>
    </Stack>
  );
}
