import { pickLocale } from '@app/contracts';
import { unnamedFileWord, yesNoWord } from './answer.texts';

/**
 * The text of a canonical answer, as the review screen and exports show it: choice labels
 * instead of ids, yes/no in the reader's language (answer.texts), dates and numbers as the
 * reader's language writes them (05/03/2026 and 12,5 in French, 03/05/2026 and 12.5 in
 * English), matrix cells as "Ligne : Colonne", a point as "lat, lon (± n m)".
 */
export interface DisplayQuestion {
  type: string;
  settings?: Record<string, unknown> | null;
  choices?: ReadonlyArray<{ id: number; label: string }>;
}

type Axis = Array<{ id: string; label: string }>;

/** A `YYYY-MM-DD` answer in the reader's way (the day itself: no time zone moves it); anything else as it is. */
function localDate(iso: string, locale: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  // Built from the text, not Date.UTC(year, …), which reads the years 0 to 99 as 1900 to 1999.
  const day = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return iso;
  return new Intl.DateTimeFormat(pickLocale(locale), { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(day);
}

/** Every digit the respondent gave, with the reader's decimal mark and no grouping (a cell stays one number). */
const localNumber = (n: number, locale: string) =>
  Number.isFinite(n) ? new Intl.NumberFormat(pickLocale(locale), { maximumFractionDigits: 20, useGrouping: false }).format(n) : String(n);

function labelOf(question: DisplayQuestion, id: number): string {
  return question.choices?.find((c) => c.id === id)?.label ?? `#${id}`;
}

function matrixText(question: DisplayQuestion, value: Record<string, unknown>): string {
  const rows = (question.settings?.rows as Axis | undefined) ?? [];
  const columns = (question.settings?.columns as Axis | undefined) ?? [];
  const col = (id: string) => columns.find((c) => c.id === id)?.label ?? id;
  return rows
    .filter((row) => value[row.id] !== undefined)
    .map((row) => {
      const cell = value[row.id];
      const text = Array.isArray(cell) ? cell.map((c) => col(String(c))).join(', ') : col(String(cell));
      return `${row.label} : ${text}`;
    })
    .join(' ; ');
}

/**
 * The display text of an answer; '' when there is none. `mediaName` names a file answer;
 * `locale` is the reader's language for the words the server adds (French by default).
 */
export function displayAnswer(
  question: DisplayQuestion,
  value: unknown,
  mediaName?: (id: number) => string | undefined,
  locale: string = 'fr',
): string {
  if (value === null || value === undefined) return '';
  switch (question.type) {
    case 'single_choice':
    case 'dropdown':
      return labelOf(question, value as number);
    case 'multiple_choice':
      return (value as number[]).map((id) => labelOf(question, id)).join(', ');
    case 'ranking':
      return (value as number[]).map((id, i) => `${i + 1}. ${labelOf(question, id)}`).join(' ; ');
    case 'yes_no':
      return yesNoWord(Boolean(value), locale);
    case 'date':
      return localDate(String(value), locale);
    case 'number':
      return localNumber(value as number, locale);
    case 'rating': {
      const max = Number(question.settings?.max ?? 5);
      return `${value}/${max}`;
    }
    case 'matrix':
      return matrixText(question, value as Record<string, unknown>);
    case 'geolocation': {
      const p = value as { latitude: number; longitude: number; accuracy?: number | null };
      return `${p.latitude}, ${p.longitude}${p.accuracy != null ? ` (± ${Math.round(p.accuracy)} m)` : ''}`;
    }
    case 'file':
    case 'photo':
    case 'signature':
      return mediaName?.(value as number) ?? unnamedFileWord(value as number, locale);
    default:
      return String(value);
  }
}
