import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { createStep, deleteStep, reorderSteps, updateStep } from '../api/structure.api';
import { useSurveyMutation } from '../survey-mutation';
import type { StepWithQuestions } from '../survey.types';
import { useSurveysT } from '../surveys-i18n';
import type { ConfirmOptions } from '../../../ui/ConfirmDialog';
import { idsAfterMove, nextPosition } from './builder-logic';
import { StepFormModal } from './StepFormModal';

interface StepsPanelProps {
  surveyId: number;
  steps: StepWithQuestions[];
  selectedId: number | null;
  editable: boolean;
  onSelect: (stepId: number) => void;
  confirm: (options: ConfirmOptions) => Promise<{ confirmed: boolean }>;
}

type Editing = { mode: 'create' } | { mode: 'rename'; step: StepWithQuestions } | null;

/** The survey's steps: pick one to edit, add, rename, move up or down, delete. */
export function StepsPanel({ surveyId, steps, selectedId, editable, onSelect, confirm }: StepsPanelProps) {
  const { t } = useSurveysT();
  const [editing, setEditing] = useState<Editing>(null);
  const save = useSurveyMutation(
    (values: { title: string; description: string | null }) =>
      editing?.mode === 'rename'
        ? updateStep(editing.step.id, values)
        : createStep({ survey_id: surveyId, ...values, position: nextPosition(steps) }),
    {
      success: t('common.saved'),
      onSuccess: (step) => {
        setEditing(null);
        if (step?.id) onSelect(step.id);
      },
    },
  );
  const move = useSurveyMutation((ids: number[]) => reorderSteps(surveyId, ids), { success: t('builder.reordered') });
  const remove = useSurveyMutation((id: number) => deleteStep(id), { success: t('builder.stepDeleted') });

  const askDelete = async (step: StepWithQuestions) => {
    const answer = await confirm({
      message: t('builder.deleteStepConfirm', { title: step.title, count: step.questions.length }),
      confirmLabel: t('common.delete'),
    });
    if (answer.confirmed) remove.mutate(step.id);
  };
  const moveStep = (step: StepWithQuestions, delta: number) => {
    const ids = idsAfterMove(steps, step.id, delta);
    if (ids) move.mutate(ids);
  };

  return (
    <Paper withBorder p="sm" radius="md" data-testid="steps-panel">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('builder.steps')}
          </Title>
          <Badge variant="light">{steps.length}</Badge>
        </Group>
        {steps.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('builder.noStepsHint')}
          </Text>
        ) : null}
        <Stack gap={4} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {steps.map((step, index) => {
            const selected = step.id === selectedId;
            return (
              <Group
                key={step.id}
                component="li"
                gap={4}
                wrap="nowrap"
                p={6}
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  background: selected ? 'var(--mantine-primary-color-light)' : undefined,
                }}
                data-testid="step-item"
              >
                <UnstyledButton onClick={() => onSelect(step.id)} style={{ flex: 1, minWidth: 0 }} aria-current={selected ? 'step' : undefined}>
                  <Text size="xs" c="dimmed">
                    {t('builder.stepOf', { n: index + 1, total: steps.length })}
                  </Text>
                  <Text size="sm" fw={selected ? 700 : 500} truncate>
                    {step.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('builder.questionCount', { count: step.questions.length })}
                  </Text>
                </UnstyledButton>
                {editable ? (
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon variant="subtle" size="sm" aria-label={t('builder.moveStepUp')} disabled={index === 0 || move.isPending} onClick={() => moveStep(step, -1)}>
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={t('builder.moveStepDown')}
                      disabled={index === steps.length - 1 || move.isPending}
                      onClick={() => moveStep(step, 1)}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" size="sm" aria-label={t('builder.renameStep')} onClick={() => setEditing({ mode: 'rename', step })}>
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" size="sm" color="red" aria-label={t('builder.deleteStep')} onClick={() => void askDelete(step)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                ) : null}
              </Group>
            );
          })}
        </Stack>
        {editable ? (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'create' })} data-testid="add-step">
            {t('builder.addStep')}
          </Button>
        ) : null}
      </Stack>
      <StepFormModal
        opened={editing !== null}
        heading={editing?.mode === 'rename' ? t('builder.renameStep') : t('builder.addStep')}
        initial={
          editing?.mode === 'rename'
            ? { title: editing.step.title, description: editing.step.description }
            : { title: t('builder.newStepTitle', { n: steps.length + 1 }), description: null }
        }
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSave={(values) => save.mutate(values)}
      />
    </Paper>
  );
}
