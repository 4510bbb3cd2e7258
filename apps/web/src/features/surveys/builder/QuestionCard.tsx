import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Question } from '../survey.types';
import type { ConditionProblemKey } from './condition-model';
import { useSurveysT } from '../surveys-i18n';

interface QuestionCardProps {
  question: Question;
  index: number;
  count: number;
  editable: boolean;
  busy: boolean;
  conditionText: string | null;
  /** What is wrong with its condition (a text key), shown in the badge's tooltip. */
  brokenCondition: ConditionProblemKey | undefined;
  onMove: (delta: number) => void;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  /** Makes the label a link (the question's own page). */
  href?: string;
}

/** One question of a step in the builder, with its order and actions. */
export function QuestionCard(props: QuestionCardProps) {
  const { question, index, count, editable, busy, conditionText, brokenCondition, onMove, onEdit, onDuplicate, onDelete, href } = props;
  const { t } = useSurveysT();
  const n = index + 1;
  return (
    <Paper withBorder p="sm" radius="md" component="li" data-testid="question-card" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text size="xs" c="dimmed">
            {t('builder.questionPosition', { n })}
          </Text>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {href ? (
              <Anchor component={Link} to={href} inherit>
                {question.label}
              </Anchor>
            ) : (
              question.label
            )}
            {question.required ? (
              <Text span c="red" aria-label={t('common.required')}>
                {' *'}
              </Text>
            ) : null}
          </Text>
          {question.help ? (
            <Text size="sm" c="dimmed">
              {question.help}
            </Text>
          ) : null}
          <Group gap={6}>
            <Badge variant="light" size="sm">
              {t(`question.types.${question.type}`)}
            </Badge>
            {question.choices?.length ? (
              <Badge variant="outline" size="sm" color="gray">
                {t('builder.choicesCount', { count: question.choices.length })}
              </Badge>
            ) : null}
            {conditionText ? (
              <Badge variant="light" size="sm" color="grape">
                {t('builder.conditional')}
              </Badge>
            ) : null}
            {brokenCondition ? (
              <Tooltip label={t(brokenCondition)} multiline w={260}>
                <Badge variant="filled" size="sm" color="red" data-testid="broken-condition">
                  {t('builder.brokenCondition')}
                </Badge>
              </Tooltip>
            ) : null}
          </Group>
          {conditionText ? (
            <Text size="xs" c="grape" data-testid="condition-summary">
              {conditionText}
            </Text>
          ) : null}
        </Stack>
        {editable ? (
          <Group gap={2} wrap="nowrap">
            <ActionIcon variant="subtle" aria-label={`${t('builder.moveQuestionUp')} ${n}`} disabled={busy || index === 0} onClick={() => onMove(-1)}>
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" aria-label={`${t('builder.moveQuestionDown')} ${n}`} disabled={busy || index === count - 1} onClick={() => onMove(1)}>
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" aria-label={`${t('builder.editQuestion')} ${n}`} onClick={onEdit} data-testid="edit-question">
              <IconPencil size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" aria-label={`${t('common.duplicate')} ${n}`} disabled={busy} onClick={onDuplicate}>
              <IconCopy size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={`${t('builder.deleteQuestion')} ${n}`} disabled={busy} onClick={onDelete}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}
