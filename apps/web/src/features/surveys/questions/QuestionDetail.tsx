import { Alert, Anchor, Breadcrumbs, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title.hook';
import { inSession } from '../../../lib/session/session-id';
import { getQuestion } from '../api/default-questions.api';
import { PreviewField } from '../builder/PreviewField';
import { QuestionEditor, type QuestionTarget } from '../builder/QuestionEditor';
import { useCan } from '../survey-abilities';
import { questionsPath } from '../survey-paths';
import { surveyKeys, useSurveyScope } from '../survey-queries';
import { useSurveysT } from '../surveys-i18n';
import { QueryState } from '../ui/QueryState';

/** `{action}/questions/{question}`: one question as respondents see it, editable when it is the company's. */
export function QuestionDetail({ sid, questionId }: { sid: string; questionId: string }) {
  const { t } = useSurveysT();
  const can = useCan();
  const scope = useSurveyScope();
  const [target, setTarget] = useState<QuestionTarget | null>(null);
  const [value, setValue] = useState<unknown>(undefined);
  const question = useQuery({ queryKey: [...surveyKeys.all(scope), 'question', questionId], queryFn: ({ signal }) => getQuestion(questionId, signal) });
  const data = question.data;
  useDocumentTitle(data?.label ?? t('nav.questions'));
  const platform = data?.company_id === null;

  return (
    <QueryState isPending={question.isPending} error={question.error} onRetry={() => void question.refetch()} notFound={t('questionBank.notFound')}>
      {data ? (
        <Stack data-testid="question-detail" maw={720}>
          <Breadcrumbs separator="›">
            <Anchor component={Link} to={inSession(sid, '/business')} size="sm">
              {t('nav.businessHome')}
            </Anchor>
            <Anchor component={Link} to={`${questionsPath(sid)}${data.default_for ? `?kind=${data.default_for}` : ''}`} size="sm">
              {t('nav.questions')}
            </Anchor>
            <Text size="sm">#{data.id}</Text>
          </Breadcrumbs>
          <Group justify="space-between">
            <Title order={1} size="h3">
              {t(`question.types.${data.type}`)}
            </Title>
            {!platform && can('questions.update') && data.survey_id === null ? (
              <Button onClick={() => setTarget({ question: data, placement: { default_for: data.default_for ?? 'agent' }, earlier: [] })}>{t('common.edit')}</Button>
            ) : null}
          </Group>
          {platform ? (
            <Alert color="grape" variant="light">
              {t('questionBank.readOnlyPlatform')}
            </Alert>
          ) : null}
          <PreviewField question={data} value={value} error={null} onChange={setValue} />
        </Stack>
      ) : null}
      <QuestionEditor target={target} onClose={() => setTarget(null)} withCondition={false} />
    </QueryState>
  );
}
