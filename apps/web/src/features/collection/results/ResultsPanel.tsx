import { Badge, EmptyState, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useState } from 'react';
import type { ResultsWindow } from '../../surveys/api/results.api';
import { useSurveyResults } from '../../surveys/survey-queries';
import type { Survey } from '../../surveys/survey.types';
import { useSurveysT } from '../../surveys/surveys-i18n';
import { formatDateTime, formatNumber } from '../../../ui/format';
import { QueryState } from '../../../ui/QueryState';
import { QuestionResultCard } from './QuestionResultCard';
import { useParticipationStatusLabel } from '../../../ui/participation-status';
import { LabelValue } from '../../../ui/LabelValue';

/** The results tab: counts per status, then one card per question, over a chosen window. */
export function ResultsPanel({ survey }: { survey: Survey }) {
  const { t } = useSurveysT();
  const statusLabel = useParticipationStatusLabel();
  const [window, setWindow] = useState<ResultsWindow>({ from: null, to: null });
  const results = useSurveyResults(survey.id, window);
  const data = results.data;

  return (
    <Stack data-testid="results-panel">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput type="date" label={t('results.from')} value={window.from ?? ''} onChange={(e) => setWindow({ ...window, from: e.currentTarget.value || null })} />
        <TextInput type="date" label={t('results.to')} value={window.to ?? ''} onChange={(e) => setWindow({ ...window, to: e.currentTarget.value || null })} />
      </Group>
      <QueryState isPending={results.isPending} error={results.error} onRetry={() => void results.refetch()}>
        {data ? (
          <Stack style={{ opacity: results.isPlaceholderData ? 0.6 : 1 }}>
            <Paper withBorder p="md" radius="md">
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <div>
                  <Text fw={800} size="xl" data-testid="results-total">
                    {t('results.participations', { count: data.participations.total })}
                  </Text>
                  <Group gap={4} mt={4}>
                    {Object.entries(data.participations.by_status).map(([status, count]) => (
                      <Badge key={status} variant="light" size="sm">
                        <LabelValue label={statusLabel(status)}>{formatNumber(count, 0)}</LabelValue>
                      </Badge>
                    ))}
                  </Group>
                </div>
                <div>
                  <Text size="xs" c="dimmed">
                    {t('results.average')} ({t('participation.score').toLowerCase()})
                  </Text>
                  <Text fw={700} size="lg">
                    {formatNumber(data.participations.average_score, 2)}
                  </Text>
                </div>
                <div>
                  <Text size="xs" c="dimmed">
                    {t('participation.submitted')}
                  </Text>
                  <Text size="sm">
                    {formatDateTime(data.participations.first_submitted_at)} → {formatDateTime(data.participations.last_submitted_at)}
                  </Text>
                </div>
              </SimpleGrid>
            </Paper>
            {data.participations.total === 0 ? (
              <EmptyState icon={<IconChartBar size={28} />} title={t('results.emptyTitle')} description={t('results.emptyDescription')} />
            ) : (
              <SimpleGrid cols={{ base: 1, lg: 2 }}>
                {data.questions.map((question, index) => (
                  <QuestionResultCard key={question.question_id} result={question} index={index} surveyId={survey.id} window={window} />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        ) : null}
      </QueryState>
    </Stack>
  );
}
