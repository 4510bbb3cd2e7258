import path from 'node:path';
import { unlink } from 'node:fs/promises';
import { isNull, lt, or, sql } from 'drizzle-orm';
import { mediaUploads } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { AppError } from '../../../http/errors';
import { uploadsRoot } from './media-storage';
import { mediaText } from './medias.texts';
import { releaseReservation, reservationOf, type UploadBudget } from './upload-reservation';

/**
 * Resumable uploads (medias/uploads, API.md "Fichiers envoyés en morceaux"): a file is
 * announced with the fields of POST medias and its size, then sent in pieces, each at the
 * offset the server says it has; a dropped connection costs only the piece under way.
 * The last piece turns the bytes into a media exactly like POST medias (type sniffed,
 * the question's rules), once: the request that does it claims the upload in the database
 * (`completing_at`); another one meanwhile answers 409 upload_completing (try again, the
 * media comes), and a repeated last piece afterwards answers the same media.
 *
 * The steps live in their own files: upload-open.ts (open, find, status), upload-piece.ts
 * (one piece at the offset) and upload-complete.ts (the bytes become a media). This file
 * holds what they share (the row, its bytes on the disk, the claim, the offset conflict)
 * and the sweep of abandoned uploads.
 */

/** An upload untouched this long is abandoned: its row and bytes are swept. */
export const UPLOAD_PART_TTL_MS = 24 * 3600 * 1000;
/**
 * A completion claim older than this was left by a process that died mid-way: another
 * request may take it over. Far above the seconds a 100 MB file takes to hash and move.
 */
export const COMPLETION_CLAIM_STALE_MS = 10 * 60 * 1000;
export const UPLOAD_CONTENT_TYPE = 'application/offset+octet-stream';

export type UploadRow = typeof mediaUploads.$inferSelect;
export function partsDir(dataDir: string): string {
  return path.join(uploadsRoot(dataDir), 'parts');
}
export const partFile = (dataDir: string, id: string) => path.join(partsDir(dataDir), id);

export const claimIsLive = (row: UploadRow, now = Date.now()) => row.completing_at !== null && now - row.completing_at.getTime() < COMPLETION_CLAIM_STALE_MS;

/** No claim, or one left by a dead process (as a database condition). */
export const noLiveClaim = (now = new Date()) => or(isNull(mediaUploads.completing_at), lt(mediaUploads.completing_at, new Date(now.getTime() - COMPLETION_CLAIM_STALE_MS)));

/** 409 with the offset the server has: the sender goes on from there. */
export function offsetConflict(received: number, locale: string): AppError {
  return new AppError(409, 'upload_offset_mismatch', mediaText(locale, 'offsetMismatch', { received }), { offset: [String(received)] });
}

/**
 * Deletes uploads untouched for `ttlMs`: unfinished ones with their bytes (abandoned, their
 * budget reservation given back), and the bookkeeping of finished ones (their media stays).
 * Returns how many rows went.
 */
export async function sweepAbandonedUploads(
  db: RequestContext['db'],
  dataDir: string,
  options: { ttlMs: number; now?: Date; budget?: Pick<UploadBudget, 'release'> },
): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.ttlMs);
  const rows = await db.orm
    .delete(mediaUploads)
    .where(sql`${mediaUploads.updated_at} < ${cutoff.toISOString()}::timestamptz`)
    .returning({ id: mediaUploads.id, media_id: mediaUploads.media_id, client_address: mediaUploads.client_address, reserved_kib: mediaUploads.reserved_kib, reserved_until: mediaUploads.reserved_until });
  for (const row of rows) {
    await unlink(partFile(dataDir, row.id)).catch(() => {});
    if (row.media_id === null) await releaseReservation(options.budget, reservationOf(row));
  }
  return rows.length;
}
