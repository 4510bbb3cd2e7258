/** What the question components share with the page around them, without any drawing. */
import type { AnswerQuestion } from './answer-types';

/** What the page offers file-like questions: keep a file (upload now, or later when offline). */
export interface MediaService {
  /** Stores or uploads the file and resolves the answer value to keep ({id} or {pending}). */
  attach(question: AnswerQuestion, file: Blob, name: string): Promise<unknown>;
  /** The file behind a question's value is no longer wanted (replaced or removed). */
  release(value: unknown, question: AnswerQuestion): void;
  /** An address to show an uploaded image again after a reload, when the server allows it. */
  urlOf(value: unknown): string | null;
  /** The builder's preview: files stay in the page and are never sent (said so under them). */
  previewOnly?: boolean;
}

/** Types answered in one native field, labelled by <label for>; the others are fieldsets with a legend. */
export const FIELD_TYPES = new Set(['short_text', 'long_text', 'number', 'email', 'phone', 'date', 'time', 'dropdown']);

export function settingOf<T>(q: Pick<AnswerQuestion, 'settings'>, name: string, fallback: T): T {
  const value = q.settings?.[name];
  return value === undefined || value === null ? fallback : (value as T);
}
