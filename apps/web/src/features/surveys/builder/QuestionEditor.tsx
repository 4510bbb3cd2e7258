import type { QuestionType } from '@app/contracts/survey-question-types';
import { Alert, Button, Divider, Group, Modal, Select, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { isApiError } from '../../../lib/http-error';
import { useSurveyMutation } from '../survey-mutation';
import type { Question } from '../survey.types';
import { useSurveysT } from '../surveys-i18n';
import { ChoicesEditor } from './ChoicesEditor';
import { checkDraft } from './condition-model';
import { ConditionEditor } from './ConditionEditor';
import { checkQuestionForm, initialQuestionForm, type QuestionFormErrors, type QuestionFormState, questionInputOf } from './question-form';
import { QUESTION_TYPE_GROUPS } from './question-types';
import { QuestionSettingsFields } from './QuestionSettingsFields';
import { type QuestionPlacement, saveQuestion } from './save-question';
import { hasChoices, settingsForNewType } from './settings-model';

export interface QuestionTarget {
  /** The question being edited; null for a new one. */
  question: Question | null;
  /** Where a new question goes. */
  placement: QuestionPlacement;
  /** Questions its condition may look at (empty: no condition possible). */
  earlier: Question[];
}

interface QuestionEditorProps {
  target: QuestionTarget | null;
  onClose: () => void;
  onSaved?: (question: Question) => void;
  /** Hides the condition section (default questions of the question bank have no survey). */
  withCondition?: boolean;
}

/** Creates or edits one question: label, help, type, required, settings, choices, condition. */
export function QuestionEditor({ target, onClose, onSaved, withCondition = true }: QuestionEditorProps) {
  const { t } = useSurveysT();
  const fullScreen = useMediaQuery('(max-width: 48em)');
  const [form, setForm] = useState<QuestionFormState>(() => initialQuestionForm(null, { choiceLabel: (n) => t('question.newChoice', { n }) }));
  const [errors, setErrors] = useState<QuestionFormErrors>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});

  useEffect(() => {
    if (!target) return;
    setForm(initialQuestionForm(target.question, { choiceLabel: (n) => t('question.newChoice', { n }) }));
    setErrors({});
    setServerErrors({});
  }, [target, t]);

  const save = useSurveyMutation(saveQuestion, {
    success: t('builder.questionSaved'),
    onSuccess: (question) => {
      onSaved?.(question);
      onClose();
    },
  });
  useEffect(() => {
    if (isApiError(save.error)) setServerErrors(save.error.fieldErrors);
  }, [save.error]);

  const typeOptions = useMemo(
    () => QUESTION_TYPE_GROUPS.map(({ group, types }) => ({ group: t(`question.typeGroups.${group}`), items: types.map((type) => ({ value: type, label: t(`question.types.${type}`) })) })),
    [t],
  );
  const earlier = target?.earlier ?? [];
  const conditionCheck = checkDraft(form.condition, earlier);
  const patch = (next: Partial<QuestionFormState>) => setForm((current) => ({ ...current, ...next }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!target) return;
    // Without the condition section the stored condition is left as it is.
    const checked = withCondition ? form : { ...form, condition: { combinator: 'all' as const, rules: [] } };
    const found = checkQuestionForm(checked, earlier);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const { condition, ...rest } = questionInputOf(form);
    const fields = withCondition ? { ...rest, condition } : rest;
    save.mutate({ existing: target.question, placement: target.placement, fields, choices: form.choices });
  };
  // Server field errors: `label`, `settings.max_length`, `choices.0.label`, `condition`...
  const serverError = (field: string) =>
    Object.entries(serverErrors)
      .filter(([key]) => key === field || key.startsWith(`${field}.`))
      .flatMap(([, messages]) => messages)
      .join('\n') || undefined;
  const settingsFieldErrors = {
    ...Object.fromEntries(
      Object.entries(serverErrors)
        .filter(([key]) => key.startsWith('settings.'))
        .map(([key, messages]) => [key.split('.')[1], messages.join('\n')]),
    ),
    ...(errors.settingsFields ?? {}),
  };

  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      fullScreen={fullScreen}
      size="xl"
      title={target?.question ? t('builder.editQuestion') : t('builder.addQuestion')}
    >
      <form onSubmit={submit} noValidate data-testid="question-editor">
        <Stack>
          <Textarea
            label={t('question.label')}
            value={form.label}
            onChange={(e) => patch({ label: e.currentTarget.value })}
            error={errors.label ? t(errors.label) : serverError('label')}
            autosize
            minRows={1}
            maxLength={1000}
            required
            data-autofocus
          />
          <TextInput label={t('question.help')} description={t('question.helpDescription')} value={form.help} onChange={(e) => patch({ help: e.currentTarget.value })} maxLength={1000} />
          <Group grow align="flex-end" wrap="wrap">
            <Select
              label={t('question.type')}
              data={typeOptions}
              value={form.type}
              onChange={(value) => value && patch({ type: value as QuestionType, settings: settingsForNewType(value as QuestionType, form.settings) })}
              allowDeselect={false}
              searchable
              error={serverError('type')}
              data-testid="question-type"
            />
            <Switch label={t('question.required')} checked={form.required} onChange={(e) => patch({ required: e.currentTarget.checked })} mb={8} data-testid="question-required" />
          </Group>
          <Divider label={t('question.settings')} labelPosition="left" />
          <QuestionSettingsFields type={form.type} settings={form.settings} errors={settingsFieldErrors} onChange={(settings) => patch({ settings })} />
          {serverError('settings') ? (
            <Text size="xs" c="red">
              {serverError('settings')}
            </Text>
          ) : null}
          {hasChoices(form.type) ? (
            <ChoicesEditor choices={form.choices} onChange={(choices) => patch({ choices })} error={errors.choices ? t(errors.choices) : serverError('choices')} />
          ) : null}
          {withCondition ? (
            <>
              <Divider />
              <div>
                <Title order={3} size="h5">
                  {t('condition.title')}
                </Title>
                <Text size="xs" c="dimmed" mb="xs">
                  {t('condition.description')}
                </Text>
                <ConditionEditor
                  earlier={earlier}
                  draft={form.condition}
                  onChange={(condition) => patch({ condition })}
                  problems={errors.condition ? conditionCheck.rules : new Map()}
                  message={errors.condition ? (conditionCheck.message && t(conditionCheck.message)) : (serverError('condition') ?? null)}
                  complex={form.conditionComplex}
                />
              </div>
            </>
          ) : null}
          {errors.settings ? (
            <Alert color="red" variant="light" role="alert">
              {t(errors.settings)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="save-question">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
