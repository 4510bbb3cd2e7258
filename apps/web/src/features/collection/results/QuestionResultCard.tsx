import { BarChart } from '@mantine/charts';
import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { QuestionResult, ResultsWindow } from '../../surveys/api/results.api';
import { useSurveysT } from '../../surveys/surveys-i18n';
import { formatDate, formatNumber, formatPercent } from '../../../ui/format';
import { useLabelValue } from '../../../ui/LabelValue';
import { hasListedAnswers, QuestionAnswers } from './QuestionAnswers';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </div>
  );
}

/** A bar per bucket plus the same figures as a table, so the numbers are readable without the chart. */
function Buckets({ rows, horizontal }: { rows: Array<{ label: string; count: number; percent: number }>; horizontal: boolean }) {
  const { t } = useSurveysT();
  const height = horizontal ? Math.max(120, rows.length * 36) : 200;
  return (
    <Stack gap="xs">
      <BarChart
        h={height}
        data={rows.map((r) => ({ label: r.label, count: r.count }))}
        dataKey="label"
        orientation={horizontal ? 'vertical' : 'horizontal'}
        series={[{ name: 'count', label: t('results.count'), color: 'blue.6' }]}
        // Counts are whole numbers: integer ticks, written in the reader's language (no "0.25").
        valueFormatter={(value) => formatNumber(value, 0)}
        xAxisProps={horizontal ? { allowDecimals: false } : undefined}
        yAxisProps={horizontal ? { width: 120 } : { allowDecimals: false }}
        gridAxis="none"
        withTooltip
      />
      <Table fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('results.choice')}</Table.Th>
            <Table.Th ta="right">{t('results.count')}</Table.Th>
            <Table.Th ta="right">{t('results.percent')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.label}>
              <Table.Td>{r.label}</Table.Td>
              <Table.Td ta="right">{r.count}</Table.Td>
              <Table.Td ta="right">{formatPercent(r.percent)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function NpsBlock({ nps }: { nps: NonNullable<QuestionResult['nps']> }) {
  const { t } = useSurveysT();
  const labelValue = useLabelValue();
  const total = nps.promoters + nps.passives + nps.detractors;
  const part = (n: number) => (total ? (n * 100) / total : 0);
  const score = nps.score;
  return (
    <Stack gap="xs" data-testid="nps">
      <Group align="baseline" gap="xs">
        <Text size="xs" c="dimmed">
          {t('results.nps')}
        </Text>
        <Text fw={800} size="xl" c={score === null ? 'dimmed' : score >= 30 ? 'teal' : score >= 0 ? 'yellow.7' : 'red'}>
          {score === null ? '—' : formatNumber(score)}
        </Text>
      </Group>
      <Progress.Root size="lg" role="group" aria-label={t('results.nps')}>
        {/* Each section is a progressbar of its own: each needs its name. */}
        <Progress.Section value={part(nps.detractors)} color="red" aria-label={labelValue(t('results.detractors'), formatNumber(nps.detractors, 0))} />
        <Progress.Section value={part(nps.passives)} color="yellow" aria-label={labelValue(t('results.passives'), formatNumber(nps.passives, 0))} />
        <Progress.Section value={part(nps.promoters)} color="teal" aria-label={labelValue(t('results.promoters'), formatNumber(nps.promoters, 0))} />
      </Progress.Root>
      <Group gap="md">
        <Text size="xs">
          {labelValue(t('results.detractors'), formatNumber(nps.detractors, 0))}
        </Text>
        <Text size="xs">
          {labelValue(t('results.passives'), formatNumber(nps.passives, 0))}
        </Text>
        <Text size="xs">
          {labelValue(t('results.promoters'), formatNumber(nps.promoters, 0))}
        </Text>
      </Group>
    </Stack>
  );
}

/** The results of one question, shaped by what the server computed for its type. */
export function QuestionResultCard({ result, index, surveyId, window }: { result: QuestionResult; index: number; surveyId: number; window: ResultsWindow }) {
  const { t } = useSurveysT();
  const ranking = result.type === 'ranking';
  return (
    <Paper withBorder p="md" radius="md" data-testid="question-result">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text size="xs" c="dimmed">
              {t('builder.questionPosition', { n: index + 1 })} · {t(`question.types.${result.type}`)}
            </Text>
            <Title order={3} size="h5">
              {result.label}
            </Title>
          </div>
          <Badge variant="light">{t('results.answered', { count: result.answered })}</Badge>
        </Group>
        {result.answered === 0 ? (
          <Text size="sm" c="dimmed">
            {t('results.noAnswer')}
          </Text>
        ) : (
          <>
            {result.stats ? (
              <SimpleGrid cols={3}>
                <Figure label={t('results.average')} value={formatNumber(result.stats.average, 2)} />
                <Figure label={t('results.min')} value={formatNumber(result.stats.min)} />
                <Figure label={t('results.max')} value={formatNumber(result.stats.max)} />
              </SimpleGrid>
            ) : null}
            {result.nps ? <NpsBlock nps={result.nps} /> : null}
            {result.choices && !ranking ? <Buckets rows={result.choices} horizontal /> : null}
            {result.choices && ranking ? (
              <Table fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('results.choice')}</Table.Th>
                    <Table.Th ta="right">{t('results.rank')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...result.choices]
                    .sort((a, b) => (a.average_position ?? Number.POSITIVE_INFINITY) - (b.average_position ?? Number.POSITIVE_INFINITY))
                    .map((c) => (
                      <Table.Tr key={c.id}>
                        <Table.Td>{c.label}</Table.Td>
                        <Table.Td ta="right">{formatNumber(c.average_position ?? null, 2)}</Table.Td>
                      </Table.Tr>
                    ))}
                </Table.Tbody>
              </Table>
            ) : null}
            {result.distribution ? (
              <Buckets
                // Yes / no: the server counts 1 and 0; their names are the reader's language's.
                rows={result.type === 'yes_no' ? result.distribution.map((r) => ({ ...r, label: t(r.value ? 'common.yes' : 'common.no') })) : result.distribution}
                horizontal={false}
              />
            ) : null}
            {result.rows ? (
              <Table.ScrollContainer minWidth={360}>
                <Table fz="sm" withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th />
                      {(result.rows[0]?.columns ?? []).map((c) => (
                        <Table.Th key={c.id} ta="center">
                          {c.label}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.rows.map((row) => (
                      <Table.Tr key={row.id}>
                        <Table.Td>{row.label}</Table.Td>
                        {row.columns.map((c) => (
                          <Table.Td key={c.id} ta="center">
                            {formatPercent(c.percent)} ({c.count})
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : null}
            {hasListedAnswers(result.type) ? (
              <QuestionAnswers surveyId={surveyId} questionId={result.question_id} type={result.type} window={window} />
            ) : null}
            {result.dates ? (
              <SimpleGrid cols={2}>
                <Figure label={t('results.min')} value={formatDate(result.dates.min)} />
                <Figure label={t('results.max')} value={formatDate(result.dates.max)} />
              </SimpleGrid>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
