/**
 * A file's type from its first bytes, never from its name or the declared type (a
 * renamed executable stays refused). Office files are zip archives: their extension
 * only tells which one, once the zip signature is there; text files have no signature
 * and are accepted as text when they hold no NUL byte and read as UTF-8.
 */
export interface SniffedType {
  mime: string;
  ext: string;
}

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ZIP_FLAVOURS: Record<string, SniffedType> = {
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', ext: 'pptx' },
};

function extensionOf(name: string | undefined): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(name ?? '');
  return match ? match[1].toLowerCase() : '';
}

function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    // A multi-byte character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4)));
    return true;
  } catch {
    return false;
  }
}

/** The type of a file whose first bytes are `head` (at least 512 when the file is that long). */
export function sniffType(head: Buffer, filename?: string): SniffedType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return { mime: 'image/webp', ext: 'webp' };
  if (head.toString('latin1', 0, 6) === 'GIF87a' || head.toString('latin1', 0, 6) === 'GIF89a') return { mime: 'image/gif', ext: 'gif' };
  if (head.toString('latin1', 0, 5) === '%PDF-') return { mime: 'application/pdf', ext: 'pdf' };
  const ext = extensionOf(filename);
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return ZIP_FLAVOURS[ext] ?? { mime: 'application/zip', ext: 'zip' };
  if (head.length > 0 && looksLikeText(head)) {
    if (ext === 'csv') return { mime: 'text/csv', ext: 'csv' };
    if (ext === 'txt') return { mime: 'text/plain', ext: 'txt' };
  }
  return null;
}
