import { BarChart, LineChart } from '@mantine/charts';
import type { Scorecard } from '@app/contracts/scorecards';
import { Card, SimpleGrid, Title } from '@mantine/core';
import { formatDate } from '../../../ui/format';
import { useScoresT } from './scores-i18n';

/**
 * The charts of a scorecard (Mantine charts over recharts): the trend of the average and
 * of the number of evaluations, and the distribution of scores. In their own chunk, loaded
 * once a scorecard is shown.
 */
export function ScoreCharts({ scores }: { scores: Scorecard }) {
  const { t } = useScoresT();
  const trend = scores.trend.map((p) => ({ period: formatDate(`${p.period}T12:00:00`), [t('trendAverage')]: p.average, [t('trendCount')]: p.count }));
  // Buckets before the first and after the last non-empty one say nothing.
  const used = scores.distribution.filter((b) => b.count > 0).map((b) => b.index);
  const buckets = used.length ? scores.distribution.slice(Math.min(...used), Math.max(...used) + 1) : [];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder padding="md" data-testid="score-trend-chart">
        <Title order={2} size="h4" mb="sm">
          {t('trend')}
        </Title>
        <LineChart
          h={240}
          data={trend}
          dataKey="period"
          withRightYAxis
          series={[
            { name: t('trendAverage'), color: 'teal.6' },
            { name: t('trendCount'), color: 'blue.4', yAxisId: 'right' },
          ]}
          connectNulls
          withLegend
          curveType="monotone"
        />
      </Card>
      <Card withBorder padding="md" data-testid="score-distribution-chart">
        <Title order={2} size="h4" mb="sm">
          {t('distribution')}
        </Title>
        <BarChart h={240} data={buckets.map((b) => ({ label: b.label, [t('count')]: b.count }))} dataKey="label" series={[{ name: t('count'), color: 'violet.5' }]} />
      </Card>
    </SimpleGrid>
  );
}
