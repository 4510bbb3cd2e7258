import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { deleteQuestion, duplicateQuestion, reorderQuestions } from '../api/structure.api';
import { useSurveyMutation } from '../survey-mutation';
import type { Question, StepWithQuestions } from '../survey.types';
import { useSurveysT } from '../surveys-i18n';
import type { ConfirmOptions } from '../../../ui/ConfirmDialog';
import { brokenConditions, earlierQuestions, flattenQuestions, idsAfterMove, questionsDependingOn } from './builder-logic';
import { describeCondition } from './condition-summary';
import { QuestionCard } from './QuestionCard';
import type { QuestionTarget } from './QuestionEditor';

interface StepQuestionsProps {
  structure: StepWithQuestions[];
  step: StepWithQuestions;
  editable: boolean;
  onEdit: (target: QuestionTarget) => void;
  confirm: (options: ConfirmOptions) => Promise<{ confirmed: boolean }>;
}

/** The questions of the selected step: order, edit, duplicate, delete, add. */
export function StepQuestions({ structure, step, editable, onEdit, confirm }: StepQuestionsProps) {
  const { t } = useSurveysT();
  const byId = useMemo(() => new Map(flattenQuestions(structure).map((q) => [q.id, q])), [structure]);
  const broken = useMemo(() => brokenConditions(structure), [structure]);
  const move = useSurveyMutation((ids: number[]) => reorderQuestions(step.id, ids), { success: t('builder.reordered') });
  const duplicate = useSurveyMutation((id: number) => duplicateQuestion(id), { success: t('builder.questionDuplicated') });
  const remove = useSurveyMutation((id: number) => deleteQuestion(id), { success: t('builder.questionDeleted') });
  const busy = move.isPending || duplicate.isPending || remove.isPending;

  const edit = (question: Question | null) =>
    onEdit({
      question,
      placement: { step_id: step.id },
      earlier: earlierQuestions(structure, step.id, question?.id ?? null),
    });

  const askDelete = async (question: Question) => {
    const dependents = questionsDependingOn(structure, question.id);
    const message = [
      t('builder.deleteQuestionConfirm', { label: question.label }),
      dependents.length ? t('builder.deleteQuestionDependents', { count: dependents.length, labels: dependents.map((q) => `« ${q.label} »`).join(', ') }) : '',
    ]
      .filter(Boolean)
      .join(' ');
    const answer = await confirm({ message, confirmLabel: t('common.delete') });
    if (answer.confirmed) remove.mutate(question.id);
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="step-questions">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" data-testid="step-title">
            {step.title}
          </Title>
          {step.description ? (
            <Text size="sm" c="dimmed">
              {step.description}
            </Text>
          ) : null}
        </div>
        {step.questions.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="no-questions">
            {t('builder.noQuestions')}
          </Text>
        ) : (
          <Stack gap="xs" component="ol" p={0} m={0}>
            {step.questions.map((question, index) => (
              <QuestionCard
                key={question.id}
                question={question}
                index={index}
                count={step.questions.length}
                editable={editable}
                busy={busy}
                conditionText={describeCondition(question.condition, byId, t)}
                brokenCondition={broken.get(question.id)}
                onMove={(delta) => {
                  const ids = idsAfterMove(step.questions, question.id, delta);
                  if (ids) move.mutate(ids);
                }}
                onEdit={() => edit(question)}
                onDuplicate={() => duplicate.mutate(question.id)}
                onDelete={() => void askDelete(question)}
              />
            ))}
          </Stack>
        )}
        {editable ? (
          <Group>
            <Button leftSection={<IconPlus size={16} />} onClick={() => edit(null)} data-testid="add-question">
              {t('builder.addQuestion')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
