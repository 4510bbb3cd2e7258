import type { AnswerQuestion } from '../answer-types';

/** What the page offers file-like questions: keep a file (upload now, or later when offline). */
export interface MediaService {
  /** Stores or uploads the file and resolves the answer value to keep ({id} or {pending}). */
  attach(question: AnswerQuestion, file: Blob, name: string): Promise<unknown>;
  /** The file behind a question's value is no longer wanted (replaced or removed). */
  release(value: unknown, question: AnswerQuestion): void;
  /** An address to show an uploaded image again after a reload, when the server allows it. */
  urlOf(value: unknown): string | null;
}

export interface WidgetContext {
  question: AnswerQuestion;
  value: unknown;
  /** Id of the first control, for the question's <label for>. */
  inputId: string;
  /** Ids of the help and error texts, for aria-describedby. */
  describedBy: string;
  /**
   * The respondent changed the answer. `settled` says the change is complete (a tap on
   * a choice, leaving a text field) so it may be checked at once; typing is not.
   */
  onChange(value: unknown, settled: boolean): void;
  /** Shows (or clears) a message under the question that is not about the value itself (a refused file, a denied position). */
  reportError(message: string | null): void;
  media: MediaService;
}

/** Types answered in one native field, labelled by <label for>; the others are fieldsets with a legend. */
export const FIELD_TYPES = new Set(['short_text', 'long_text', 'number', 'email', 'phone', 'date', 'time', 'dropdown']);

export function settingOf<T>(q: AnswerQuestion, name: string, fallback: T): T {
  const value = q.settings?.[name];
  return value === undefined || value === null ? fallback : (value as T);
}
