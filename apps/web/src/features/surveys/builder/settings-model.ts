import { QUESTION_SETTINGS_SCHEMAS } from '@app/contracts/survey-question-settings';
import { isChoiceQuestionType, type QuestionType, readQuestionSettings } from '@app/contracts/survey-question-types';
import { schemaMessage } from '../../../lib/schema-language';

/** Starting settings of a type: the contracts' defaults, and a first row and column for a matrix. */
export function defaultSettingsFor(type: QuestionType): Record<string, unknown> {
  if (type === 'matrix') {
    return { rows: [{ id: 'l1', label: 'Ligne 1' }], columns: [{ id: 'c1', label: 'Colonne 1' }], multiple: false };
  }
  return { ...(readQuestionSettings(type, {}) as Record<string, unknown>) };
}

/** Settings without the blanks that form inputs leave (empty text, cleared numbers). */
export function cleanSettings(settings: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

/** The contracts' check of a type's settings: the first message per setting, in the interface's language (empty: valid). */
export function checkSettings(type: QuestionType, settings: Record<string, unknown>): Record<string, string> {
  const result = QUESTION_SETTINGS_SCHEMAS[type].safeParse(cleanSettings(settings));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] ??= schemaMessage(issue.message);
  }
  return errors;
}

/** Settings carried over when the type changes: the placeholder; the rest restarts from defaults. */
export function settingsForNewType(type: QuestionType, previous: Record<string, unknown>): Record<string, unknown> {
  const next = defaultSettingsFor(type);
  if (typeof previous.placeholder === 'string') next.placeholder = previous.placeholder;
  return next;
}

/** Whether a type's editor shows the choices list. */
export const hasChoices = (type: string) => isChoiceQuestionType(type);
