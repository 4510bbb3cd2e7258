/**
 * Answer rules per question type. One `checkValue` coerces what a form or a JSON body
 * carries (numeric strings, "oui", "3,5") into the stored canonical value or a message
 * (French unless the caller passes another language's table, i18n/answer-messages);
 * validateAnswer and normalizeAnswer are its two faces.
 *
 * Canonical values: text, e-mail, phone, date (YYYY-MM-DD), time (HH:MM) are strings;
 * number, rating, scale are numbers; single choice and dropdown a choice id; multiple
 * choice the sorted choice ids; ranking every choice id in the respondent's order;
 * yes/no a boolean; matrix `{ rowId: columnId }` (or `columnId[]` when multiple);
 * file, photo, signature a media id; geolocation `{ latitude, longitude, accuracy }`.
 */
import { type AnswerMessages, FR_ANSWER_MESSAGES } from './i18n/answer-messages';
import { EMAIL_PATTERN, normalizeMobile } from './validation';
import {
  type AnswerableQuestion,
  isQuestionType,
  type QuestionSettings,
  readGeoPoint,
  readQuestionSettings,
} from './survey-question-types';

export const REQUIRED_ANSWER_MESSAGE = FR_ANSWER_MESSAGES.required;

type Checked = { value: unknown } | { error: string };
const fail = (error: string): Checked => ({ error });
const okv = (value: unknown): Checked => ({ value });

/** Empty means "not answered": null, undefined, blank text, an empty list or object. */
export function isAnswerEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(/\s/g, '').replace(',', '.');
  if (text === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

function toId(value: unknown): number | null {
  const n = toNumber(value);
  return n !== null && Number.isSafeInteger(n) && n > 0 ? n : null;
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

function checkText(value: unknown, s: { min_length?: number; max_length: number }, m: AnswerMessages): Checked {
  if (typeof value !== 'string' && typeof value !== 'number') return fail(m.textExpected);
  const text = String(value).trim();
  if (s.min_length !== undefined && text.length < s.min_length) return fail(m.minLength(s.min_length));
  if (text.length > s.max_length) return fail(m.maxLength(s.max_length));
  return okv(text);
}

function checkNumber(value: unknown, s: QuestionSettings<'number'>, m: AnswerMessages): Checked {
  const n = toNumber(value);
  if (n === null) return fail(m.numberExpected);
  if (s.integer && !Number.isInteger(n)) return fail(m.integerExpected);
  if (s.min !== undefined && n < s.min) return fail(m.minValue(s.min));
  if (s.max !== undefined && n > s.max) return fail(m.maxValue(s.max));
  return okv(n);
}

function checkPhone(value: unknown, s: QuestionSettings<'phone'>, m: AnswerMessages): Checked {
  if (typeof value !== 'string' && typeof value !== 'number') return fail(m.phone);
  const text = String(value).trim();
  const mobile = normalizeMobile(text);
  if (mobile) return okv(mobile);
  if (s.mobile_only) return fail(m.mobile);
  const compact = text.replace(/[\s.()-]/g, '');
  if (!/^\+?\d{6,15}$/.test(compact)) return fail(m.phone);
  return okv(compact);
}

function checkDate(value: unknown, s: QuestionSettings<'date'>, m: AnswerMessages): Checked {
  const text = typeof value === 'string' ? value.trim().slice(0, 10) : '';
  if (!isCalendarDate(text)) return fail(m.date);
  if (s.min && text < s.min) return fail(m.dateMin(s.min));
  if (s.max && text > s.max) return fail(m.dateMax(s.max));
  return okv(text);
}

function checkTime(value: unknown, s: QuestionSettings<'time'>, m: AnswerMessages): Checked {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(text)) return fail(m.time);
  const hm = text.slice(0, 5);
  if (s.min && hm < s.min.slice(0, 5)) return fail(m.timeMin(s.min.slice(0, 5)));
  if (s.max && hm > s.max.slice(0, 5)) return fail(m.timeMax(s.max.slice(0, 5)));
  return okv(hm);
}

function choiceIds(q: AnswerableQuestion): Set<number> {
  return new Set((q.choices ?? []).map((c) => c.id));
}

function checkSingleChoice(value: unknown, q: AnswerableQuestion, m: AnswerMessages): Checked {
  const id = toId(Array.isArray(value) && value.length === 1 ? value[0] : value);
  if (id === null || !choiceIds(q).has(id)) return fail(m.choice);
  return okv(id);
}

function readIdList(value: unknown): number[] | null {
  const list = Array.isArray(value) ? value : [value];
  const ids = list.map(toId);
  return ids.every((id): id is number => id !== null) ? ids : null;
}

function checkMultipleChoice(value: unknown, q: AnswerableQuestion, m: AnswerMessages): Checked {
  const s = readQuestionSettings('multiple_choice', q.settings);
  const ids = readIdList(value);
  const allowed = choiceIds(q);
  if (!ids?.every((id) => allowed.has(id))) return fail(m.choices);
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (s.min_choices !== undefined && unique.length < s.min_choices) return fail(m.minChoices(s.min_choices));
  if (s.max_choices !== undefined && unique.length > s.max_choices) return fail(m.maxChoices(s.max_choices));
  return okv(unique);
}

function checkRanking(value: unknown, q: AnswerableQuestion, m: AnswerMessages): Checked {
  const ids = readIdList(value);
  const allowed = choiceIds(q);
  const complete = ids && ids.length === allowed.size && new Set(ids).size === ids.length;
  if (!complete || !ids.every((id) => allowed.has(id))) return fail(m.ranking);
  return okv(ids);
}

const YES = new Set(['true', 'oui', 'yes', '1', 'o', 'y']);
const NO = new Set(['false', 'non', 'no', '0', 'n']);

function checkYesNo(value: unknown, m: AnswerMessages): Checked {
  if (typeof value === 'boolean') return okv(value);
  const text = String(value).trim().toLowerCase();
  if (YES.has(text)) return okv(true);
  if (NO.has(text)) return okv(false);
  return fail(m.yesNo);
}

function checkInRange(value: unknown, min: number, max: number, message: string): Checked {
  const n = toNumber(value);
  if (n === null || !Number.isInteger(n) || n < min || n > max) return fail(message);
  return okv(n);
}

function checkMatrix(value: unknown, s: QuestionSettings<'matrix'>, m: AnswerMessages): Checked {
  if (!s || !Array.isArray(s.rows) || !Array.isArray(s.columns)) return fail(m.matrixMisconfigured);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(m.matrixEveryRow);
  const rows = new Set(s.rows.map((r) => r.id));
  const cols = new Set(s.columns.map((c) => c.id));
  const out: Record<string, string | string[]> = {};
  for (const [row, cell] of Object.entries(value as Record<string, unknown>)) {
    if (!rows.has(row)) return fail(m.matrixUnknownRow);
    if (isAnswerEmpty(cell)) continue;
    const picked = Array.isArray(cell) ? cell.map(String) : [String(cell)];
    if (!picked.every((c) => cols.has(c))) return fail(m.matrixColumn);
    if (!s.multiple && picked.length > 1) return fail(m.matrixOneColumn);
    out[row] = s.multiple ? [...new Set(picked)].sort() : picked[0];
  }
  return okv(out);
}

function checkMedia(value: unknown, m: AnswerMessages): Checked {
  const raw = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as { id?: unknown }).id : value;
  const id = toId(raw);
  return id === null ? fail(m.media) : okv(id);
}

function checkGeolocation(value: unknown, s: QuestionSettings<'geolocation'>, m: AnswerMessages): Checked {
  const point = readGeoPoint(value);
  if (!point) return fail(m.position);
  const { latitude, longitude, accuracy } = point;
  if (s.max_accuracy_m !== undefined && (accuracy == null || accuracy > s.max_accuracy_m))
    return fail(m.positionTooVague(s.max_accuracy_m));
  return okv({ latitude, longitude, accuracy: accuracy ?? null });
}

/** Coerces a non-empty value to its canonical form, or explains (in `m`'s language) why it cannot. */
function checkValue(q: AnswerableQuestion, value: unknown, m: AnswerMessages): Checked {
  const type = q.type;
  if (!isQuestionType(type)) return fail(m.unknownType);
  switch (type) {
    case 'short_text':
    case 'long_text':
      return checkText(value, readQuestionSettings(type, q.settings), m);
    case 'number':
      return checkNumber(value, readQuestionSettings(type, q.settings), m);
    case 'email': {
      const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
      return EMAIL_PATTERN.test(text) ? okv(text) : fail(m.email);
    }
    case 'phone':
      return checkPhone(value, readQuestionSettings(type, q.settings), m);
    case 'date':
      return checkDate(value, readQuestionSettings(type, q.settings), m);
    case 'time':
      return checkTime(value, readQuestionSettings(type, q.settings), m);
    case 'single_choice':
    case 'dropdown':
      return checkSingleChoice(value, q, m);
    case 'multiple_choice':
      return checkMultipleChoice(value, q, m);
    case 'ranking':
      return checkRanking(value, q, m);
    case 'yes_no':
      return checkYesNo(value, m);
    case 'rating': {
      const { max } = readQuestionSettings(type, q.settings);
      return checkInRange(value, 1, max, m.rating(max));
    }
    case 'scale': {
      const { min, max } = readQuestionSettings(type, q.settings);
      return checkInRange(value, min, max, m.scale(min, max));
    }
    case 'matrix':
      return checkMatrix(value, readQuestionSettings(type, q.settings), m);
    case 'file':
    case 'photo':
    case 'signature':
      return checkMedia(value, m);
    case 'geolocation':
      return checkGeolocation(value, readQuestionSettings(type, q.settings), m);
  }
}

export interface ValidateAnswerOptions {
  /** Enforce `required` (true by default): the server enforces it on submit only, not on a partial save. */
  enforceRequired?: boolean;
  /** The words of the messages: French (the server's) unless the page shows another language. */
  messages?: AnswerMessages;
}

/** A message when the value is not acceptable for the question (French by default), null when it is. */
export function validateAnswer(q: AnswerableQuestion, value: unknown, options: ValidateAnswerOptions = {}): string | null {
  const enforceRequired = options.enforceRequired ?? true;
  const m = options.messages ?? FR_ANSWER_MESSAGES;
  if (isAnswerEmpty(value)) return enforceRequired && q.required ? m.required : null;
  const checked = checkValue(q, value, m);
  if ('error' in checked) return checked.error;
  if (enforceRequired && q.required && q.type === 'matrix') {
    const s = readQuestionSettings('matrix', q.settings);
    const answered = checked.value as Record<string, unknown>;
    if (!s.rows.every((r) => !isAnswerEmpty(answered[r.id]))) return m.matrixEveryRow;
  }
  return null;
}

/** The canonical value to store (null when empty); a value validateAnswer rejects is returned as null too. */
export function normalizeAnswer(q: AnswerableQuestion, value: unknown): unknown {
  if (isAnswerEmpty(value)) return null;
  const checked = checkValue(q, value, FR_ANSWER_MESSAGES);
  if ('error' in checked) return null;
  return isAnswerEmpty(checked.value) ? null : checked.value;
}
