import '../../../answer/answer.css';
import { resolveVisibleQuestions } from '@app/contracts/survey-conditions';
import { normalizeAnswer } from '@app/contracts/survey-questions';
import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { isPendingMedia, questionError } from '../../../answer/answer-state';
import { QuestionField } from '../../../answer/questions/QuestionField';
import { useAnswerWords } from '../../../i18n/use-answer-words';
import type { StepWithQuestions } from '../survey.types';
import { useSurveysT } from '../surveys-i18n';
import { flattenQuestions } from './builder-logic';
import { asAnswerQuestion, previewMediaService } from './preview-media';

interface SurveyPreviewProps {
  title: string;
  structure: StepWithQuestions[];
  stepId: number | null;
  onStepChange: (stepId: number) => void;
}

/**
 * The survey as a respondent sees it, step by step, with display conditions applied
 * live and the answer checks of the answering page: the questions are the answering
 * page's own components (answer/questions). Nothing is saved, files stay in the page.
 */
export function SurveyPreview({ title, structure, stepId, onStepChange }: SurveyPreviewProps) {
  const { t } = useSurveysT();
  const [answers, setAnswers] = useState<Map<number, unknown>>(new Map());
  const [media] = useState(previewMediaService);
  const words = useAnswerWords();
  // Errors and the "all valid" note belong to the step they were checked on.
  const [checkedStep, setCheckedStep] = useState<{ stepId: number; errors: Map<number, string> } | null>(null);
  const questions = useMemo(() => flattenQuestions(structure), [structure]);
  const canonical = useMemo(() => {
    const map = new Map<number, unknown>();
    for (const q of questions) {
      const value = answers.get(q.id);
      // A file kept in the preview counts as answered, as one waiting on a phone does.
      map.set(q.id, isPendingMedia(value) ? value.pending : normalizeAnswer(q, value));
    }
    return map;
  }, [questions, answers]);
  const visible = useMemo(() => resolveVisibleQuestions(questions, canonical), [questions, canonical]);

  const index = Math.max(0, structure.findIndex((s) => s.id === stepId));
  const step = structure[index];
  if (!step || !words) return null;
  const shown = step.questions.filter((q) => visible.has(q.id));
  const errors = checkedStep?.stepId === step.id ? checkedStep.errors : new Map<number, string>();
  const checked = checkedStep?.stepId === step.id && checkedStep.errors.size === 0;
  const hidden = step.questions.length - shown.length;

  const check = () => {
    const found = new Map<number, string>();
    for (const q of shown) {
      const message = questionError(asAnswerQuestion(q), answers.get(q.id));
      if (message) found.set(q.id, message);
    }
    setCheckedStep({ stepId: step.id, errors: found });
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="survey-preview" aria-label={t('preview.title', { title })}>
      <Stack>
        <div>
          <Text size="xs" c="dimmed">
            {t('preview.description')}
          </Text>
          <Title order={2} size="h4" mt={4}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {t('builder.stepOf', { n: index + 1, total: structure.length })} — {step.title}
          </Text>
          <Progress value={((index + 1) / structure.length) * 100} size="sm" mt={6} aria-hidden />
        </div>
        {step.description ? <Text size="sm">{step.description}</Text> : null}
        {step.questions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('preview.empty')}
          </Text>
        ) : null}
        <div className="ans-scope">
          {shown.map((q) => (
            <QuestionField
              key={q.id}
              question={asAnswerQuestion(q)}
              value={answers.get(q.id)}
              error={errors.get(q.id) ?? null}
              media={media}
              onChange={(value) => {
                setAnswers((current) => new Map(current).set(q.id, value));
                setCheckedStep(null);
              }}
            />
          ))}
        </div>
        {hidden > 0 ? (
          <Text size="xs" c="dimmed" data-testid="preview-hidden">
            {t('preview.hidden', { count: hidden })}
          </Text>
        ) : null}
        {checked ? (
          <Alert color="teal" variant="light">
            {t('preview.checked')}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Button variant="default" disabled={index === 0} onClick={() => onStepChange(structure[index - 1].id)}>
            {t('preview.previous')}
          </Button>
          <Button variant="light" onClick={check}>
            {t('preview.check')}
          </Button>
          <Button variant="default" disabled={index === structure.length - 1} onClick={() => onStepChange(structure[index + 1].id)}>
            {t('preview.next')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
