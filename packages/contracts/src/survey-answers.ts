/**
 * Answer rules per question type. One `checkAnswer` coerces what a form or a JSON body
 * carries (numeric strings, "oui", "3,5") into the stored canonical value or a French
 * message; validateAnswer and normalizeAnswer are its two faces.
 *
 * Canonical values: text, e-mail, phone, date (YYYY-MM-DD), time (HH:MM) are strings;
 * number, rating, scale are numbers; single choice and dropdown a choice id; multiple
 * choice the sorted choice ids; ranking every choice id in the respondent's order;
 * yes/no a boolean; matrix `{ rowId: columnId }` (or `columnId[]` when multiple);
 * file, photo, signature a media id; geolocation `{ latitude, longitude, accuracy }`.
 */
import { EMAIL_PATTERN, normalizeMobile } from './validation';
import {
  type AnswerableQuestion,
  geoPointSchema,
  isQuestionType,
  type QuestionSettings,
  readQuestionSettings,
} from './survey-question-types';

export const REQUIRED_ANSWER_MESSAGE = 'Cette question est obligatoire.';

type Checked = { value: unknown } | { error: string };
const fail = (error: string): Checked => ({ error });
const okv = (value: unknown): Checked => ({ value });

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;
const frDate = (iso: string) => iso.split('-').reverse().join('/');

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

function checkText(value: unknown, s: { min_length?: number; max_length: number }): Checked {
  if (typeof value !== 'string' && typeof value !== 'number') return fail('Saisissez un texte.');
  const text = String(value).trim();
  if (s.min_length !== undefined && text.length < s.min_length)
    return fail(`Saisissez au moins ${plural(s.min_length, 'caractère')}.`);
  if (text.length > s.max_length) return fail(`Saisissez au plus ${plural(s.max_length, 'caractère')}.`);
  return okv(text);
}

function checkNumber(value: unknown, s: QuestionSettings<'number'>): Checked {
  const n = toNumber(value);
  if (n === null) return fail('Saisissez un nombre.');
  if (s.integer && !Number.isInteger(n)) return fail('Saisissez un nombre entier.');
  if (s.min !== undefined && n < s.min) return fail(`La valeur doit être supérieure ou égale à ${s.min}.`);
  if (s.max !== undefined && n > s.max) return fail(`La valeur doit être inférieure ou égale à ${s.max}.`);
  return okv(n);
}

function checkPhone(value: unknown, s: QuestionSettings<'phone'>): Checked {
  if (typeof value !== 'string' && typeof value !== 'number') return fail('Saisissez un numéro de téléphone valide.');
  const text = String(value).trim();
  const mobile = normalizeMobile(text);
  if (mobile) return okv(mobile);
  if (s.mobile_only) return fail('Saisissez un numéro de mobile valide (9 chiffres).');
  const compact = text.replace(/[\s.()-]/g, '');
  if (!/^\+?\d{6,15}$/.test(compact)) return fail('Saisissez un numéro de téléphone valide.');
  return okv(compact);
}

function checkDate(value: unknown, s: QuestionSettings<'date'>): Checked {
  const text = typeof value === 'string' ? value.trim().slice(0, 10) : '';
  if (!isCalendarDate(text)) return fail('Saisissez une date valide (JJ/MM/AAAA).');
  if (s.min && text < s.min) return fail(`La date doit être le ${frDate(s.min)} ou après.`);
  if (s.max && text > s.max) return fail(`La date doit être le ${frDate(s.max)} ou avant.`);
  return okv(text);
}

function checkTime(value: unknown, s: QuestionSettings<'time'>): Checked {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(text)) return fail('Saisissez une heure valide (HH:MM).');
  const hm = text.slice(0, 5);
  if (s.min && hm < s.min.slice(0, 5)) return fail(`L’heure doit être ${s.min.slice(0, 5)} ou après.`);
  if (s.max && hm > s.max.slice(0, 5)) return fail(`L’heure doit être ${s.max.slice(0, 5)} ou avant.`);
  return okv(hm);
}

function choiceIds(q: AnswerableQuestion): Set<number> {
  return new Set((q.choices ?? []).map((c) => c.id));
}

function checkSingleChoice(value: unknown, q: AnswerableQuestion): Checked {
  const id = toId(Array.isArray(value) && value.length === 1 ? value[0] : value);
  if (id === null || !choiceIds(q).has(id)) return fail('Choisissez une option de la liste.');
  return okv(id);
}

function readIdList(value: unknown): number[] | null {
  const list = Array.isArray(value) ? value : [value];
  const ids = list.map(toId);
  return ids.every((id): id is number => id !== null) ? ids : null;
}

function checkMultipleChoice(value: unknown, q: AnswerableQuestion): Checked {
  const s = readQuestionSettings('multiple_choice', q.settings);
  const ids = readIdList(value);
  const allowed = choiceIds(q);
  if (!ids?.every((id) => allowed.has(id))) return fail('Choisissez des options de la liste.');
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (s.min_choices !== undefined && unique.length < s.min_choices)
    return fail(`Choisissez au moins ${plural(s.min_choices, 'option')}.`);
  if (s.max_choices !== undefined && unique.length > s.max_choices)
    return fail(`Choisissez au plus ${plural(s.max_choices, 'option')}.`);
  return okv(unique);
}

function checkRanking(value: unknown, q: AnswerableQuestion): Checked {
  const ids = readIdList(value);
  const allowed = choiceIds(q);
  const complete = ids && ids.length === allowed.size && new Set(ids).size === ids.length;
  if (!complete || !ids.every((id) => allowed.has(id))) return fail('Classez toutes les options de la liste.');
  return okv(ids);
}

const YES = new Set(['true', 'oui', 'yes', '1', 'o', 'y']);
const NO = new Set(['false', 'non', 'no', '0', 'n']);

function checkYesNo(value: unknown): Checked {
  if (typeof value === 'boolean') return okv(value);
  const text = String(value).trim().toLowerCase();
  if (YES.has(text)) return okv(true);
  if (NO.has(text)) return okv(false);
  return fail('Répondez par oui ou par non.');
}

function checkInRange(value: unknown, min: number, max: number, message: string): Checked {
  const n = toNumber(value);
  if (n === null || !Number.isInteger(n) || n < min || n > max) return fail(message);
  return okv(n);
}

function checkMatrix(value: unknown, s: QuestionSettings<'matrix'>): Checked {
  if (!s || !Array.isArray(s.rows) || !Array.isArray(s.columns)) return fail('Matrice mal configurée.');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail('Répondez pour chaque ligne.');
  const rows = new Set(s.rows.map((r) => r.id));
  const cols = new Set(s.columns.map((c) => c.id));
  const out: Record<string, string | string[]> = {};
  for (const [row, cell] of Object.entries(value as Record<string, unknown>)) {
    if (!rows.has(row)) return fail('Ligne de matrice inconnue.');
    if (isAnswerEmpty(cell)) continue;
    const picked = Array.isArray(cell) ? cell.map(String) : [String(cell)];
    if (!picked.every((c) => cols.has(c))) return fail('Choisissez une colonne de la matrice pour chaque ligne.');
    if (!s.multiple && picked.length > 1) return fail('Une seule colonne par ligne.');
    out[row] = s.multiple ? [...new Set(picked)].sort() : picked[0];
  }
  return okv(out);
}

function checkMedia(value: unknown): Checked {
  const raw = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as { id?: unknown }).id : value;
  const id = toId(raw);
  return id === null ? fail('Joignez un fichier.') : okv(id);
}

function checkGeolocation(value: unknown, s: QuestionSettings<'geolocation'>): Checked {
  const parsed = geoPointSchema.safeParse(value);
  if (!parsed.success) return fail('Position invalide.');
  const { latitude, longitude, accuracy } = parsed.data;
  if (s.max_accuracy_m !== undefined && (accuracy == null || accuracy > s.max_accuracy_m))
    return fail(`La position est trop imprécise (${s.max_accuracy_m} m au plus).`);
  return okv({ latitude, longitude, accuracy: accuracy ?? null });
}

/** Coerces a non-empty value to its canonical form, or explains in French why it cannot. */
function checkValue(q: AnswerableQuestion, value: unknown): Checked {
  const type = q.type;
  if (!isQuestionType(type)) return fail('Type de question inconnu.');
  switch (type) {
    case 'short_text':
    case 'long_text':
      return checkText(value, readQuestionSettings(type, q.settings));
    case 'number':
      return checkNumber(value, readQuestionSettings(type, q.settings));
    case 'email': {
      const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
      return EMAIL_PATTERN.test(text) ? okv(text) : fail('Saisissez une adresse e-mail valide.');
    }
    case 'phone':
      return checkPhone(value, readQuestionSettings(type, q.settings));
    case 'date':
      return checkDate(value, readQuestionSettings(type, q.settings));
    case 'time':
      return checkTime(value, readQuestionSettings(type, q.settings));
    case 'single_choice':
    case 'dropdown':
      return checkSingleChoice(value, q);
    case 'multiple_choice':
      return checkMultipleChoice(value, q);
    case 'ranking':
      return checkRanking(value, q);
    case 'yes_no':
      return checkYesNo(value);
    case 'rating': {
      const { max } = readQuestionSettings(type, q.settings);
      return checkInRange(value, 1, max, `Choisissez une note entre 1 et ${max}.`);
    }
    case 'scale': {
      const { min, max } = readQuestionSettings(type, q.settings);
      return checkInRange(value, min, max, `Choisissez une valeur entre ${min} et ${max}.`);
    }
    case 'matrix':
      return checkMatrix(value, readQuestionSettings(type, q.settings));
    case 'file':
    case 'photo':
    case 'signature':
      return checkMedia(value);
    case 'geolocation':
      return checkGeolocation(value, readQuestionSettings(type, q.settings));
  }
}

export interface ValidateAnswerOptions {
  /** Enforce `required` (true by default): the server enforces it on submit only, not on a partial save. */
  enforceRequired?: boolean;
}

/** A French message when the value is not acceptable for the question, null when it is. */
export function validateAnswer(q: AnswerableQuestion, value: unknown, options: ValidateAnswerOptions = {}): string | null {
  const enforceRequired = options.enforceRequired ?? true;
  if (isAnswerEmpty(value)) return enforceRequired && q.required ? REQUIRED_ANSWER_MESSAGE : null;
  const checked = checkValue(q, value);
  if ('error' in checked) return checked.error;
  if (enforceRequired && q.required && q.type === 'matrix') {
    const s = readQuestionSettings('matrix', q.settings);
    const answered = checked.value as Record<string, unknown>;
    if (!s.rows.every((r) => !isAnswerEmpty(answered[r.id]))) return 'Répondez pour chaque ligne.';
  }
  return null;
}

/** The canonical value to store (null when empty); a value validateAnswer rejects is returned as null too. */
export function normalizeAnswer(q: AnswerableQuestion, value: unknown): unknown {
  if (isAnswerEmpty(value)) return null;
  const checked = checkValue(q, value);
  if ('error' in checked) return null;
  return isAnswerEmpty(checked.value) ? null : checked.value;
}

/**
 * The points a canonical answer earns: selected choices' scores, the yes/no scores of
 * the settings, a rating's value. Null when the question is not scored.
 */
export function scoreAnswer(q: AnswerableQuestion, value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const scores = new Map((q.choices ?? []).map((c) => [c.id, c.score ?? null]));
  const sum = (ids: number[]) => {
    const found = ids.map((id) => scores.get(id)).filter((s): s is number => typeof s === 'number');
    return found.length ? found.reduce((a, b) => a + b, 0) : null;
  };
  switch (q.type) {
    case 'single_choice':
    case 'dropdown':
      return sum([value as number]);
    case 'multiple_choice':
      return sum(value as number[]);
    case 'yes_no': {
      const s = readQuestionSettings('yes_no', q.settings);
      return (value ? s.yes_score : s.no_score) ?? null;
    }
    case 'rating':
      return typeof value === 'number' ? value : null;
    default:
      return null;
  }
}

/** `image/*` matches every image type; otherwise an exact MIME type. */
export function mimeMatches(mime: string, pattern: string): boolean {
  if (pattern.endsWith('/*')) return mime.startsWith(pattern.slice(0, -1));
  return mime === pattern;
}

/** Checks an upload (its sniffed MIME type and size in bytes) against a media question's settings. */
export function checkMediaFile(
  q: Pick<AnswerableQuestion, 'type' | 'settings'>,
  file: { mime: string; size: number },
): { status: 413 | 422; message: string } | null {
  if (q.type !== 'file' && q.type !== 'photo' && q.type !== 'signature')
    return { status: 422, message: 'Cette question n’attend pas de fichier.' };
  const s = readQuestionSettings(q.type, q.settings);
  if (file.size > s.max_size_mb * 1024 * 1024)
    return { status: 413, message: `Le fichier dépasse la taille maximale de ${s.max_size_mb} Mo.` };
  if (!s.allowed_types.some((p) => mimeMatches(file.mime, p)))
    return { status: 422, message: 'Ce type de fichier n’est pas accepté pour cette question.' };
  return null;
}
