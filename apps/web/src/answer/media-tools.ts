import { checkMediaFile } from '@app/contracts/media-file-rules';
import type { AnswerQuestion } from './answer-types';
import { M, type PageText } from './messages';
import { type PhotoPlan, photoPlan, scaledSize } from './photo-settings';

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
 * A phone camera photo (3-8 MB) resized (1600 px by default, the "Taille maximale des
 * photos" setting, 1024 px under "données réduites") and re-encoded as JPEG before it is
 * kept on the phone and travels: on a patchy line this is the difference between sending
 * and timing out. Anything that cannot be decoded is kept as it is.
 */
export async function shrinkPhoto(q: AnswerQuestion, file: File, plan: PhotoPlan = photoPlan()): Promise<{ blob: Blob; name: string }> {
  if (!file.type.startsWith('image/') || file.size <= plan.shrinkAboveBytes || !allowsJpeg(q) || typeof createImageBitmap !== 'function') {
    return { blob: file, name: file.name };
  }
  try {
    const bitmap = await createImageBitmap(file);
    const size = scaledSize(bitmap.width, bitmap.height, plan.maxEdge);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', plan.quality));
    if (!blob || blob.size >= file.size) return { blob: file, name: file.name };
    return { blob, name: file.name.replace(/\.[^.]+$/, '') + '.jpg' };
  } catch {
    return { blob: file, name: file.name };
  }
}
