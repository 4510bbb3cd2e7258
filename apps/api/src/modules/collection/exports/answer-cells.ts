import type { ExportCell, ExportQuestion } from './export-columns';
import { parseCalendarDate } from './export-time';
import { type ExportWords, FRENCH_EXPORT_WORDS } from './export.texts';
import { yesNoWord } from '../answers/answer.texts';

/**
 * Which column of `answers` holds each question type's answer (modules/collection/answers/
 * answer-columns: yes/no is 1/0 in value_number), and how a stored answer reads in a
 * spreadsheet cell.
 */
export type AnswerStorage = 'text' | 'number' | 'date' | 'choices' | 'json' | 'media' | 'boolean';

const STORAGE: Record<string, AnswerStorage> = {
  short_text: 'text',
  long_text: 'text',
  email: 'text',
  phone: 'text',
  time: 'text',
  date: 'date',
  number: 'number',
  rating: 'number',
  scale: 'number',
  single_choice: 'choices',
  dropdown: 'choices',
  multiple_choice: 'choices',
  ranking: 'choices',
  yes_no: 'boolean',
  matrix: 'json',
  geolocation: 'json',
  file: 'media',
  photo: 'media',
  signature: 'media',
};

export function storageOf(type: string): AnswerStorage {
  return STORAGE[type] ?? 'text';
}

export const MULTIPLE_SEPARATOR = ' ; ';

const YES = new Set(['true', 't', '1', 'oui', 'yes']);
const NO = new Set(['false', 'f', '0', 'non', 'no']);

/** Yes/no in the reader's words ("Oui"/"Non" in French) from a stored yes/no (boolean, 1/0, or text), null when unreadable. */
export function yesNoLabel(raw: unknown, words: ExportWords = FRENCH_EXPORT_WORDS): string | null {
  if (raw === null || raw === undefined) return null;
  // How answers store it (value_number): no string work for the common case.
  if (raw === 1 || raw === true) return yesNoWord(true, words.locale);
  if (raw === 0 || raw === false) return yesNoWord(false, words.locale);
  const text = String(raw).trim().toLowerCase();
  if (YES.has(text)) return yesNoWord(true, words.locale);
  if (NO.has(text)) return yesNoWord(false, words.locale);
  return null;
}

/** A choice's label, or a mention of the deleted choice it was. */
function choiceLabel(question: ExportQuestion, id: number, words: ExportWords): string {
  return question.choices.get(id) ?? words.text('deletedChoice', { id });
}


function matrixText(question: ExportQuestion, raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const parts: string[] = [];
  // Rows in the order the question defines them, then any stored row it no longer has.
  const rowIds = [...question.matrixRows.keys(), ...Object.keys(raw).filter((id) => !question.matrixRows.has(id))];
  for (const rowId of rowIds) {
    const cell = (raw as Record<string, unknown>)[rowId];
    if (cell === undefined || cell === null) continue;
    const columns = (Array.isArray(cell) ? cell : [cell]).map((c) => question.matrixColumns.get(String(c)) ?? String(c));
    parts.push(`${question.matrixRows.get(rowId) ?? rowId} : ${columns.join(', ')}`);
  }
  return parts.length ? parts.join(MULTIPLE_SEPARATOR) : null;
}

function geolocationText(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { latitude, longitude } = raw as { latitude?: unknown; longitude?: unknown };
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  return `${latitude}, ${longitude}`;
}

/** The text of an answer for reading (PDF, csv): labels, yes/no in the reader's words, "ligne : colonne". */
export function answerText(question: ExportQuestion, raw: unknown, words: ExportWords = FRENCH_EXPORT_WORDS): string | null {
  if (raw === null || raw === undefined) return null;
  switch (storageOf(question.type)) {
    case 'choices': {
      if (!Array.isArray(raw) || raw.length === 0) return null;
      // A ranking reads in rank order, numbered; other choices in the order stored.
      // Built in one pass: exports call this for every choice answer.
      const numbered = question.type === 'ranking';
      let text = '';
      for (let i = 0; i < raw.length; i++) {
        if (i > 0) text += MULTIPLE_SEPARATOR;
        if (numbered) text += `${i + 1}. `;
        text += choiceLabel(question, Number(raw[i]), words);
      }
      return text;
    }
    case 'boolean':
      return yesNoLabel(raw, words);
    case 'json':
      return question.type === 'matrix' ? matrixText(question, raw) : geolocationText(raw);
    default:
      return String(raw);
  }
}

/**
 * The address that opens an answer's file: the web app's `/medias/{id}` page, which
 * fetches it from `GET /api/v2/medias/{id}/content` with the reader's session, so the
 * API's read rules apply (company members, uploader, key holder; others get 404). A
 * direct API link would carry no session when opened from a spreadsheet.
 */
export function mediaLink(origin: string, mediaId: number): string {
  return `${origin}/medias/${mediaId}`;
}

export type CellFormatter = (raw: unknown) => ExportCell;

/**
 * The function turning a stored answer of this question into its spreadsheet cell:
 * numbers stay numbers, a date is a date, media are links to the file's page (mediaLink), the rest is answerText. Chosen once per question, not per cell.
 */
export function cellFormatterFor(question: ExportQuestion, origin: string, words: ExportWords = FRENCH_EXPORT_WORDS): CellFormatter {
  switch (storageOf(question.type)) {
    case 'number':
      return (raw) => (raw === null || raw === undefined ? null : typeof raw === 'number' ? raw : Number(raw));
    case 'date':
      return (raw) => (raw === null || raw === undefined ? null : (parseCalendarDate(String(raw)) ?? String(raw)));
    case 'media':
      return (raw) => {
        if (raw === null || raw === undefined) return null;
        const text = String(raw);
        const colon = text.indexOf(':');
        const id = Number(text.slice(0, colon));
        if (colon < 0 || !Number.isSafeInteger(id)) return text;
        return { text: text.slice(colon + 1), hyperlink: mediaLink(origin, id) };
      };
    case 'text':
      return (raw) => (raw === null || raw === undefined ? null : String(raw));
    default:
      return (raw) => (raw === null || raw === undefined ? null : answerText(question, raw, words));
  }
}
