import { readSurveySettings, type SurveySettings } from '@app/contracts/surveys';
import { validationFailed } from '../../../http/errors';
import { surveyValuesText } from './survey-values.texts';
import type { CreateSurveyInput, UpdateSurveyInput } from './surveys.schemas';

type Row = Record<string, unknown>;

function toDate(value: string | Date | null | undefined): Date | null {
  if (value == null) return null;
  return value instanceof Date ? value : new Date(value);
}

/** 422 when the answering window is empty, or when the target does not fit the type; told in `locale`. */
export function checkSurveyShape(merged: { type: string; target_kind: string | null; opens_at: Date | null; closes_at: Date | null }, locale: string) {
  const problems: Record<string, string[]> = {};
  if (merged.opens_at && merged.closes_at && merged.closes_at <= merged.opens_at) {
    problems.closes_at = [surveyValuesText(locale, 'closesAfterOpens')];
  }
  if (merged.type === 'evaluation' && !merged.target_kind) {
    problems.target_kind = [surveyValuesText(locale, 'evaluationNeedsTarget')];
  }
  if (merged.type !== 'evaluation' && merged.target_kind) {
    problems.target_kind = [surveyValuesText(locale, 'onlyEvaluationHasTarget')];
  }
  if (Object.keys(problems).length > 0) throw validationFailed(problems);
}

/** Column values of a new survey (or template) from a create body. */
export function surveyCreateValues(input: CreateSurveyInput, locale: string) {
  const values = {
    title: input.title,
    description: input.description ?? null,
    type: input.type ?? 'form',
    target_kind: input.target_kind ?? null,
    opens_at: toDate(input.opens_at),
    closes_at: toDate(input.closes_at),
    settings: readSurveySettings(input.settings ?? {}) as Record<string, unknown>,
    category_id: input.category_id ?? null,
    active: input.active ?? true,
    availability: input.availability ?? 'available',
  };
  checkSurveyShape(values, locale);
  return values;
}

/** Column values of an update, checked against the merged result. */
export function surveyUpdateValues(input: UpdateSurveyInput, existing: Row, locale: string): Row {
  const values: Row = {};
  for (const key of ['title', 'description', 'type', 'target_kind', 'category_id', 'active', 'availability'] as const) {
    if (input[key] !== undefined) values[key] = input[key];
  }
  if (input.opens_at !== undefined) values.opens_at = toDate(input.opens_at);
  if (input.closes_at !== undefined) values.closes_at = toDate(input.closes_at);
  if (input.settings !== undefined) {
    const merged: SurveySettings = { ...readSurveySettings(existing.settings), ...input.settings };
    values.settings = readSurveySettings(merged);
  }
  const pick = <T>(key: string): T => (key in values ? values[key] : existing[key]) as T;
  checkSurveyShape({
    type: pick<string>('type'),
    target_kind: pick<string | null>('target_kind'),
    opens_at: toDate(pick<string | Date | null>('opens_at')),
    closes_at: toDate(pick<string | Date | null>('closes_at')),
  }, locale);
  return values;
}

/** What may still change once a survey has left the draft: its answering window and toggles. */
export const LIVE_SURVEY_KEYS = ['opens_at', 'closes_at', 'active', 'availability'] as const;
