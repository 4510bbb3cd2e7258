import { randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../../db/client';
import { writeFileDurably } from '../../../files/durable';
import { AppError } from '../../../http/errors';
import { findUserById, updateUser } from '../users/users.repository';

export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

/** The image type by its first bytes (never by name or declared type). */
export function detectImageType(bytes: Buffer): 'png' | 'jpg' | 'webp' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

/** Where uploaded images live on disk: DATA_DIR/uploads/images. */
export function imagesRoot(dataDir: string): string {
  return path.resolve(dataDir, 'uploads', 'images');
}

/**
 * Stores a user's photo under images/users/{id}/ with a random name and records its
 * public path (`images/...`, served by GET /images/...). The previous file is removed.
 */
export async function saveUserPhoto(
  db: Database,
  dataDir: string,
  userId: number,
  bytes: Buffer,
  messages: { type: string },
): Promise<string> {
  const type = detectImageType(bytes);
  if (!type) throw new AppError(422, 'unsupported_image', messages.type, { photo: [messages.type] });
  const relative = path.posix.join('users', String(userId), `${randomBytes(12).toString('hex')}.${type}`);
  const root = imagesRoot(dataDir);
  const file = path.join(root, relative);
  // On disk (flushed) before the row names it; a full disk fails here, the old photo kept.
  await writeFileDurably(file, bytes);
  const before = await findUserById(db, userId);
  await updateUser(db, userId, { photo: `images/${relative}` });
  const previous = before?.photo;
  if (previous?.startsWith(`images/users/${userId}/`)) {
    await unlink(path.join(root, previous.slice('images/'.length))).catch(() => {});
  }
  return `images/${relative}`;
}
