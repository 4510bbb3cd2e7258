import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import { useSurveysT } from '../surveys-i18n';
import { moveItem } from './builder-logic';
import { type ChoiceDraft, checkChoiceDrafts, newChoiceKey, relabelChoice, uniqueChoiceValue } from './choice-sync';

interface ChoicesEditorProps {
  choices: ChoiceDraft[];
  onChange: (choices: ChoiceDraft[]) => void;
  disabled?: boolean;
  /** Shown under the list (e.g. "at least two choices"). */
  error?: string | null;
}

/** The choices of a choice question: label, value, score, order. */
export function ChoicesEditor({ choices, onChange, disabled, error }: ChoicesEditorProps) {
  const { t } = useSurveysT();
  const problems = checkChoiceDrafts(choices);
  const update = (index: number, patch: Partial<ChoiceDraft>) => onChange(choices.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  const add = () => {
    const label = t('question.newChoice', { n: choices.length + 1 });
    onChange([...choices, { key: newChoiceKey(), label, value: uniqueChoiceValue(label, choices.map((c) => c.value)), score: null }]);
  };

  return (
    <Stack gap="xs" data-testid="choices-editor">
      <Text size="sm" fw={500}>
        {t('question.choices')}
      </Text>
      {choices.map((choice, index) => {
        const n = index + 1;
        const problem = problems.get(choice.key);
        return (
          <Group key={choice.key} gap={6} align="flex-start" wrap="wrap" data-testid="choice-row">
            <TextInput
              style={{ flex: '2 1 12rem' }}
              aria-label={`${t('question.choiceLabel')} ${n}`}
              placeholder={t('question.choiceLabel')}
              value={choice.label}
              onChange={(e) => onChange(relabelChoice(choices, index, e.currentTarget.value))}
              error={problem === 'labelRequired' || problem === 'labelDuplicate' ? t(`question.${problem === 'labelRequired' ? 'labelRequiredRow' : 'labelDuplicate'}`) : undefined}
              disabled={disabled}
            />
            <TextInput
              style={{ flex: '1 1 7rem' }}
              aria-label={`${t('question.choiceValue')} ${n}`}
              placeholder={t('question.choiceValue')}
              value={choice.value}
              onChange={(e) => update(index, { value: e.currentTarget.value })}
              error={problem === 'valueDuplicate' ? t('question.valueDuplicate') : undefined}
              disabled={disabled}
            />
            <NumberInput
              style={{ flex: '0 1 6rem' }}
              aria-label={`${t('question.choiceScore')} ${n}`}
              placeholder={t('question.choiceScore')}
              value={choice.score ?? ''}
              onChange={(value) => update(index, { score: typeof value === 'number' ? value : null })}
              allowDecimal
              disabled={disabled}
            />
            <Group gap={2} wrap="nowrap" pt={4}>
              <ActionIcon variant="subtle" aria-label={t('question.moveChoiceUp', { n })} disabled={disabled || index === 0} onClick={() => onChange(moveItem(choices, index, -1))}>
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={t('question.moveChoiceDown', { n })}
                disabled={disabled || index === choices.length - 1}
                onClick={() => onChange(moveItem(choices, index, 1))}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={t('question.removeChoice', { n })} disabled={disabled} onClick={() => onChange(choices.filter((_, i) => i !== index))}>
                <IconX size={16} />
              </ActionIcon>
            </Group>
          </Group>
        );
      })}
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={add} disabled={disabled} data-testid="add-choice">
          {t('question.addChoice')}
        </Button>
      </Group>
    </Stack>
  );
}
