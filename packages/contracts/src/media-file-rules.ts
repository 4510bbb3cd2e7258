import { type AnswerMessages, FR_ANSWER_MESSAGES } from './i18n/answer-messages';
import { type AnswerableQuestion, readQuestionSettings } from './survey-question-types';

/** `image/*` matches every image type; otherwise an exact MIME type. */
export function mimeMatches(mime: string, pattern: string): boolean {
  if (pattern.endsWith('/*')) return mime.startsWith(pattern.slice(0, -1));
  return mime === pattern;
}

/**
 * Checks an upload (its sniffed MIME type and size in bytes) against a media question's
 * settings; the message is French unless another language's table is passed.
 */
export function checkMediaFile(
  q: Pick<AnswerableQuestion, 'type' | 'settings'>,
  file: { mime: string; size: number },
  m: AnswerMessages = FR_ANSWER_MESSAGES,
): { status: 413 | 422; message: string } | null {
  if (q.type !== 'file' && q.type !== 'photo' && q.type !== 'signature') return { status: 422, message: m.notAFileQuestion };
  const s = readQuestionSettings(q.type, q.settings);
  if (file.size > s.max_size_mb * 1024 * 1024) return { status: 413, message: m.fileTooLarge(s.max_size_mb) };
  if (!s.allowed_types.some((p) => mimeMatches(file.mime, p))) return { status: 422, message: m.fileType };
  return null;
}
