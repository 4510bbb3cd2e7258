import type { QuestionType } from '@app/contracts/survey-question-types';
import type { QuestionFields } from '../api/structure.api';
import type { Question } from '../survey.types';
import { type ChoiceDraft, checkChoiceDrafts, newChoiceKey, toChoiceDrafts } from './choice-sync';
import { type ConditionDraft, checkDraft, fromDraft, toDraft } from './condition-model';
import { checkSettings, cleanSettings, defaultSettingsFor, hasChoices } from './settings-model';

/** Everything the question editor holds while the author works. */
export interface QuestionFormState {
  label: string;
  help: string;
  type: QuestionType;
  required: boolean;
  settings: Record<string, unknown>;
  choices: ChoiceDraft[];
  condition: ConditionDraft;
  conditionComplex: boolean;
}

export type QuestionFormErrors = Partial<Record<'label' | 'choices' | 'settings' | 'condition', string>> & {
  settingsFields?: Record<string, string>;
};

/** The editor's starting state: an existing question, or a new short-text question with two choices ready. */
export function initialQuestionForm(question: Question | null, defaults: { choiceLabel: (n: number) => string }): QuestionFormState {
  if (question) {
    const { draft, complex } = toDraft(question.condition);
    return {
      label: question.label,
      help: question.help ?? '',
      type: question.type,
      required: question.required,
      settings: { ...question.settings },
      choices: toChoiceDrafts(question.choices),
      condition: draft,
      conditionComplex: complex,
    };
  }
  return {
    label: '',
    help: '',
    type: 'short_text',
    required: false,
    settings: defaultSettingsFor('short_text'),
    choices: [1, 2].map((n) => ({ key: newChoiceKey(), label: defaults.choiceLabel(n), value: `choix-${n}`, score: null })),
    condition: { combinator: 'all', rules: [] },
    conditionComplex: false,
  };
}

/**
 * Checks the form the way the server will (contracts' settings schemas and condition
 * rules): error keys for the editor, empty when the question can be saved.
 */
export function checkQuestionForm(form: QuestionFormState, earlier: readonly Pick<Question, 'id' | 'type'>[]): QuestionFormErrors {
  const errors: QuestionFormErrors = {};
  if (!form.label.trim()) errors.label = 'question.labelRequired';
  const settingsFields = checkSettings(form.type, form.settings);
  if (Object.keys(settingsFields).length > 0) {
    errors.settings = 'question.settingsInvalid';
    errors.settingsFields = settingsFields;
  }
  if (hasChoices(form.type)) {
    if (form.choices.length < 2) errors.choices = 'question.choicesRequired';
    else if (checkChoiceDrafts(form.choices).size > 0) errors.choices = 'question.settingsInvalid';
  }
  const condition = checkDraft(form.condition, earlier);
  if (condition.rules.size > 0 || condition.message) errors.condition = condition.message ?? 'condition.problemValue';
  return errors;
}

/** The question fields to send (choices travel separately). */
export function questionInputOf(form: QuestionFormState): QuestionFields {
  return {
    label: form.label.trim(),
    help: form.help.trim() || null,
    type: form.type,
    required: form.required,
    settings: cleanSettings(form.settings),
    condition: fromDraft(form.condition) as Record<string, unknown> | null,
  };
}
