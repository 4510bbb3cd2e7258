import type { ConditionOperator } from '@app/contracts/survey-conditions';
import { ActionIcon, Alert, Button, Group, MultiSelect, NumberInput, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import type { Question } from '../survey.types';
import { useSurveysT } from '../surveys-i18n';
import { type ConditionDraft, emptyRule, operatorsFor, type RuleDraft, type RuleProblem, valueKindFor, withOperator, withQuestion } from './condition-model';

interface ConditionEditorProps {
  /** The questions asked before this one, in answering order. */
  earlier: Question[];
  draft: ConditionDraft;
  onChange: (draft: ConditionDraft) => void;
  problems: Map<number, RuleProblem>;
  message: string | null;
  complex: boolean;
  disabled?: boolean;
}

const PROBLEM_KEYS: Record<RuleProblem, string> = {
  question: 'condition.problemQuestion',
  value: 'condition.problemValue',
  order: 'condition.problemOrder',
};

/** The display condition of a question: rules on earlier answers, all or any of them. */
export function ConditionEditor({ earlier, draft, onChange, problems, message, complex, disabled }: ConditionEditorProps) {
  const { t } = useSurveysT();
  const byId = new Map(earlier.map((q) => [q.id, q]));
  const questionOptions = earlier.map((q, index) => ({ value: String(q.id), label: `${index + 1}. ${q.label}` }));
  const setRule = (index: number, rule: RuleDraft) => onChange({ ...draft, rules: draft.rules.map((r, i) => (i === index ? rule : r)) });

  if (earlier.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="condition-none">
        {t('condition.noEarlier')}
      </Text>
    );
  }

  return (
    <Stack gap="xs" data-testid="condition-editor">
      {complex ? (
        <Alert color="yellow" variant="light">
          {t('condition.complex')}
        </Alert>
      ) : null}
      {draft.rules.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('condition.none')}
        </Text>
      ) : null}
      {draft.rules.length > 1 ? (
        <SegmentedControl
          aria-label={t('condition.combinator')}
          value={draft.combinator}
          onChange={(value) => onChange({ ...draft, combinator: value === 'any' ? 'any' : 'all' })}
          data={[
            { value: 'all', label: t('condition.all') },
            { value: 'any', label: t('condition.any') },
          ]}
          disabled={disabled}
        />
      ) : null}
      {draft.rules.map((rule, index) => {
        const question = rule.question_id === null ? undefined : byId.get(rule.question_id);
        const problem = problems.get(index);
        return (
          <Paper key={rule.key} withBorder p="xs" data-testid="condition-rule">
            <Group gap="xs" align="flex-end" wrap="wrap">
              <Select
                style={{ flex: '2 1 14rem' }}
                label={t('condition.question')}
                placeholder={t('condition.chooseQuestion')}
                data={questionOptions}
                value={rule.question_id === null ? null : String(rule.question_id)}
                onChange={(value) => setRule(index, withQuestion(rule, value ? byId.get(Number(value)) : undefined))}
                error={problem === 'question' || problem === 'order' ? t(PROBLEM_KEYS[problem]) : undefined}
                searchable
                disabled={disabled}
                data-testid="condition-question"
              />
              <Select
                style={{ flex: '1 1 10rem' }}
                label={t('condition.operator')}
                data={operatorsFor(question?.type ?? '').map((op) => ({ value: op, label: t(`condition.operators.${op}`) }))}
                value={rule.operator}
                onChange={(value) => value && setRule(index, withOperator(rule, value as ConditionOperator, question?.type))}
                allowDeselect={false}
                disabled={disabled || !question}
                data-testid="condition-operator"
              />
              <RuleValueInput rule={rule} question={question} error={problem === 'value' ? t(PROBLEM_KEYS.value) : undefined} disabled={disabled} onChange={(value) => setRule(index, { ...rule, value })} />
              <ActionIcon variant="subtle" color="red" mb={4} aria-label={t('condition.remove', { n: index + 1 })} disabled={disabled} onClick={() => onChange({ ...draft, rules: draft.rules.filter((_, i) => i !== index) })}>
                <IconX size={16} />
              </ActionIcon>
            </Group>
          </Paper>
        );
      })}
      {message ? (
        <Text size="xs" c="red" role="alert">
          {message}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} disabled={disabled} onClick={() => onChange({ ...draft, rules: [...draft.rules, emptyRule()] })} data-testid="add-condition">
          {t('condition.add')}
        </Button>
      </Group>
    </Stack>
  );
}

interface RuleValueInputProps {
  rule: RuleDraft;
  question: Question | undefined;
  error?: string;
  disabled?: boolean;
  onChange: (value: unknown) => void;
}

/** The value field of a rule, shaped by the compared question's type. */
function RuleValueInput({ rule, question, error, disabled, onChange }: RuleValueInputProps) {
  const { t } = useSurveysT();
  const kind = valueKindFor(question?.type, rule.operator);
  const common = { style: { flex: '2 1 12rem' }, label: t('condition.value'), error, disabled, 'data-testid': 'condition-value' };
  const choiceOptions = (question?.choices ?? []).map((c) => ({ value: String(c.id), label: c.label }));
  switch (kind) {
    case 'none':
      return null;
    case 'choice':
      return <Select {...common} data={choiceOptions} value={rule.value == null ? null : String(rule.value)} onChange={(v) => onChange(v ? Number(v) : undefined)} />;
    case 'choices':
      return (
        <MultiSelect
          {...common}
          data={choiceOptions}
          value={Array.isArray(rule.value) ? rule.value.map(String) : []}
          onChange={(values) => onChange(values.map(Number))}
        />
      );
    case 'boolean':
      return (
        <Select
          {...common}
          data={[
            { value: 'true', label: t('common.yes') },
            { value: 'false', label: t('common.no') },
          ]}
          value={typeof rule.value === 'boolean' ? String(rule.value) : null}
          onChange={(v) => onChange(v === null ? undefined : v === 'true')}
        />
      );
    case 'number':
      return <NumberInput {...common} value={typeof rule.value === 'number' ? rule.value : ''} onChange={(v) => onChange(typeof v === 'number' ? v : undefined)} allowDecimal />;
    default:
      return (
        <TextInput
          {...common}
          type={question?.type === 'date' ? 'date' : question?.type === 'time' ? 'time' : 'text'}
          value={typeof rule.value === 'string' || typeof rule.value === 'number' ? String(rule.value) : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
