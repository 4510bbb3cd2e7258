import '../../../answer/answer.css';
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDocumentTitle } from '../../../lib/document-title.hook';
import { getQuestion } from '../api/default-questions.api';
import { QuestionField } from '../../../answer/questions/QuestionField';
import { useAnswerWords } from '../../../i18n/use-answer-words';
import { asAnswerQuestion, previewMediaService } from '../builder/preview-media';
import { QuestionEditor, type QuestionTarget } from '../builder/QuestionEditor';
import { useCan } from '../survey-abilities';
import { surveyKeys, useSurveyScope } from '../survey-queries';
import { useSurveysT } from '../surveys-i18n';
import { QueryState } from '../../../ui/QueryState';
import { PageBreadcrumbs } from '../../../ui/PageBreadcrumbs';

/** `{action}/questions/{question}`: one question as respondents see it, editable when it is the company's. */
export function QuestionDetail({ questionId }: { sid: string; questionId: string }) {
  const { t } = useSurveysT();
  const can = useCan();
  const scope = useSurveyScope();
  const [target, setTarget] = useState<QuestionTarget | null>(null);
  const [value, setValue] = useState<unknown>(undefined);
  const [media] = useState(previewMediaService);
  const words = useAnswerWords();
  const question = useQuery({ queryKey: [...surveyKeys.all(scope), 'question', questionId], queryFn: ({ signal }) => getQuestion(questionId, signal) });
  const data = question.data;
  useDocumentTitle(data?.label ?? t('nav.questions'));
  const platform = data?.company_id === null;

  return (
    <QueryState isPending={question.isPending} error={question.error} onRetry={() => void question.refetch()} notFound={t('questionBank.notFound')}>
      {data ? (
        <Stack data-testid="question-detail" maw={720}>
          <PageBreadcrumbs items={[{ label: `#${data.id}` }]} />
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
          {words ? (
            <div className="ans-scope">
              <QuestionField question={asAnswerQuestion(data)} value={value} error={null} media={media} onChange={setValue} />
            </div>
          ) : null}
        </Stack>
      ) : null}
      <QuestionEditor target={target} onClose={() => setTarget(null)} withCondition={false} />
    </QueryState>
  );
}
