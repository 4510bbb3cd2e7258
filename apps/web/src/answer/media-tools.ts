import { checkMediaFile } from '@app/contracts/media-file-rules';
import type { AnswerQuestion } from './answer-types';
import { M, type PageText } from './messages';

const SHRINK_ABOVE_BYTES = 700 * 1024;
const MAX_EDGE_PX = 1600;

/** The `accept` attribute from the question's allowed MIME types. */
export function acceptOf(q: AnswerQuestion, fallback: string): string {
  const types = q.settings?.allowed_types;
  return Array.isArray(types) && types.length ? types.join(',') : fallback;
}

/** A message (in the page's language) when the file does not fit the question (the server checks again). */
export function checkFile(q: AnswerQuestion, file: Blob): PageText | null {
  // Some phones give no type for camera files; the server sniffs the content anyway.
  if (!file.type) return null;
  const facts = { mime: file.type, size: file.size };
  if (!checkMediaFile(q, facts, M.validation)) return null;
  return () => checkMediaFile(q, facts, M.validation)?.message ?? '';
}

function allowsJpeg(q: AnswerQuestion): boolean {
  const types = q.settings?.allowed_types;
  if (!Array.isArray(types)) return true;
  return types.some((t) => t === 'image/jpeg' || t === 'image/*');
}

/**
 * A phone camera photo (3-8 MB) resized to 1600 px as JPEG before it travels: on a
 * patchy line this is the difference between sending and timing out. Anything that
 * cannot be decoded is sent as it is.
 */
export async function shrinkPhoto(q: AnswerQuestion, file: File): Promise<{ blob: Blob; name: string }> {
  if (!file.type.startsWith('image/') || file.size <= SHRINK_ABOVE_BYTES || !allowsJpeg(q) || typeof createImageBitmap !== 'function') {
    return { blob: file, name: file.name };
  }
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_EDGE_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.82));
    if (!blob || blob.size >= file.size) return { blob: file, name: file.name };
    return { blob, name: file.name.replace(/\.[^.]+$/, '') + '.jpg' };
  } catch {
    return { blob: file, name: file.name };
  }
}
