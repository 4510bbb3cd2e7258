import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { mediaUploads, medias } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { AppError, notFound, unauthorized, validationFailed } from '../../../http/errors';
import { fileTooLarge, type StagedFile, uploadsRoot } from './media-storage';
import { mediaView, prepareUpload, saveUpload, type UploadTarget } from './medias.service';
import { releaseReservation, reservationOf, reserveUpload, type UploadBudget } from './upload-reservation';
import { mediaText } from './medias.texts';

/**
 * Resumable uploads (medias/uploads, API.md "Fichiers envoyés en morceaux"): a file is
 * announced with the fields of POST medias and its size, then sent in pieces, each at the
 * offset the server says it has; a dropped connection costs only the piece under way.
 * The last piece turns the bytes into a media exactly like POST medias (type sniffed,
 * the question's rules), once: the request that does it claims the upload in the database
 * (`completing_at`); another one meanwhile answers 409 upload_completing (try again, the
 * media comes), and a repeated last piece afterwards answers the same media.
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
export interface UploadStart {
  fields: Record<string, string>;
  filename: string;
  size: number;
}

export function partsDir(dataDir: string): string {
  return path.join(uploadsRoot(dataDir), 'parts');
}
const partFile = (dataDir: string, id: string) => path.join(partsDir(dataDir), id);

const claimIsLive = (row: UploadRow, now = Date.now()) => row.completing_at !== null && now - row.completing_at.getTime() < COMPLETION_CLAIM_STALE_MS;

/** No claim, or one left by a dead process (as a database condition). */
const noLiveClaim = (now = new Date()) => or(isNull(mediaUploads.completing_at), lt(mediaUploads.completing_at, new Date(now.getTime() - COMPLETION_CLAIM_STALE_MS)));

/**
 * What a client needs to go on: the offset to send from, whether the bytes are being
 * turned into a media right now (ask again shortly), and the media once complete.
 */
export async function uploadStatusView(ctx: RequestContext, row: UploadRow) {
  let media = null;
  if (row.media_id !== null) {
    const [found] = await ctx.db.orm.select().from(medias).where(eq(medias.id, row.media_id));
    media = found ? mediaView(found) : null;
  }
  return {
    id: row.id,
    size: row.size,
    offset: row.received,
    completing: row.media_id === null && claimIsLive(row),
    media,
    expires_at: new Date(row.updated_at.getTime() + UPLOAD_PART_TTL_MS).toISOString(),
  };
}

/**
 * Opens an upload: the same checks as POST medias (who may send what for which question),
 * then the size, the caps on open uploads, and for a sender without a session the
 * reservation of its size in the address's daily budget (429 when it does not fit).
 */
export async function startUpload(
  ctx: RequestContext,
  dataDir: string,
  input: UploadStart,
  limits: { anonymousMaxBytes: number },
  sender: { ip: string; budget: UploadBudget },
): Promise<UploadRow> {
  const target = await prepareUpload(ctx, input.fields, limits);
  if (input.size > target.maxBytes) throw fileTooLarge(target.maxBytes, ctx.locale);
  const reservation = await reserveUpload(ctx, target, input.size, sender);
  try {
    await mkdir(partsDir(dataDir), { recursive: true });
    const id = randomBytes(16).toString('hex');
    await (await open(partFile(dataDir, id), 'w')).close();
    const [row] = await ctx.db.orm
      .insert(mediaUploads)
      .values({
        id,
        company_id: target.companyId,
        owner_user_id: target.ownerUserId,
        upload_key: target.uploadKey,
        fields: input.fields,
        filename: input.filename,
        size: input.size,
        client_address: reservation.address,
        reserved_kib: reservation.kib,
        reserved_until: reservation.until,
      })
      .returning();
    return row;
  } catch (error) {
    await releaseReservation(sender.budget, reservation);
    throw error;
  }
}

/**
 * An upload the caller may continue: its sender (signed in), or whoever holds the
 * client_uuid it was opened under. Anyone else, another company included, gets a 404.
 */
export async function findOwnUpload(ctx: RequestContext, id: string, key: string | undefined): Promise<UploadRow> {
  if (!ctx.actor && !key) throw unauthorized();
  const [row] = await ctx.db.orm.select().from(mediaUploads).where(eq(mediaUploads.id, id));
  if (!row) throw notFound();
  const sender = ctx.actor !== null && row.owner_user_id === ctx.actor.userId;
  const holder = row.owner_user_id === null && Boolean(key) && row.upload_key === key;
  if (!sender && !holder) throw notFound();
  return row;
}

/**
 * Writes one piece at `offset` (it must be the server's offset: else 409 with the offset
 * to go on from), flushes it to the disk, then moves the offset by a compare-and-set, so
 * two senders of the same piece never both count it and a crash never leaves an offset
 * past the bytes kept. Reading stops at the announced size (413).
 */
export async function receivePiece(dataDir: string, ctx: RequestContext, row: UploadRow, offset: number, body: NodeJS.ReadableStream, declared: number | null): Promise<UploadRow> {
  if (offset !== row.received) {
    body.resume();
    throw offsetConflict(row.received, ctx.locale);
  }
  const room = row.size - row.received;
  if (room === 0) {
    // Every byte is in (a last piece sent again): nothing to write, completion answers.
    for await (const chunk of body as AsyncIterable<Buffer>) if (chunk.length > 0) throw fileTooLarge(row.size, ctx.locale);
    await assertBytesKept(dataDir, ctx, row);
    return row;
  }
  if (declared !== null && declared > room) {
    body.resume();
    throw fileTooLarge(row.size, ctx.locale);
  }
  await assertBytesKept(dataDir, ctx, row, body);
  let written = 0;
  const handle = await open(partFile(dataDir, row.id), 'r+').catch((error: NodeJS.ErrnoException) => {
    body.resume();
    throw error.code === 'ENOENT' ? notFound() : error;
  });
  try {
    // A dropped connection keeps nothing of this piece: the offset stays where it was.
    for await (const chunk of body as AsyncIterable<Buffer>) {
      if (written + chunk.length > room) throw fileTooLarge(row.size, ctx.locale);
      await handle.write(chunk, 0, chunk.length, offset + written);
      written += chunk.length;
    }
    // On the disk before the offset says so: the next piece goes on from real bytes.
    if (written > 0) await handle.sync();
  } finally {
    await handle.close();
  }
  if (written === 0) return row;
  const [moved] = await ctx.db.orm
    .update(mediaUploads)
    .set({ received: offset + written, updated_at: new Date() })
    .where(and(eq(mediaUploads.id, row.id), eq(mediaUploads.received, offset), isNull(mediaUploads.media_id)))
    .returning();
  if (!moved) {
    const [now] = await ctx.db.orm.select().from(mediaUploads).where(eq(mediaUploads.id, row.id));
    if (!now) throw notFound();
    throw offsetConflict(now.received, ctx.locale);
  }
  return moved;
}

/**
 * The bytes on the disk must reach the recorded offset. After a crash (or a disk restored
 * from a backup) they may not: the offset is moved back to what is really kept (a
 * compare-and-set, so a completion or a piece under way wins) and the sender is told to go
 * on from there (409), rather than sending a file with a hole. Skipped while another
 * request is turning the bytes into a media (they are being moved).
 */
async function assertBytesKept(dataDir: string, ctx: RequestContext, row: UploadRow, body?: NodeJS.ReadableStream): Promise<void> {
  if (row.media_id !== null || claimIsLive(row) || row.received === 0) return;
  const kept = await stat(partFile(dataDir, row.id)).then(
    (s) => s.size,
    () => null,
  );
  if (kept !== null && kept >= row.received) return;
  body?.resume();
  const offset = kept ?? 0;
  if (kept === null) await (await open(partFile(dataDir, row.id), 'a')).close();
  const [moved] = await ctx.db.orm
    .update(mediaUploads)
    .set({ received: offset, completing_at: null, updated_at: new Date() })
    .where(and(eq(mediaUploads.id, row.id), eq(mediaUploads.received, row.received), isNull(mediaUploads.media_id), noLiveClaim()))
    .returning();
  if (moved) throw offsetConflict(offset, ctx.locale);
  const [now] = await ctx.db.orm.select().from(mediaUploads).where(eq(mediaUploads.id, row.id));
  if (!now) throw notFound();
  throw offsetConflict(now.received, ctx.locale);
}

function offsetConflict(received: number, locale: string): AppError {
  return new AppError(409, 'upload_offset_mismatch', mediaText(locale, 'offsetMismatch', { received }), { offset: [String(received)] });
}

function completingConflict(locale: string): AppError {
  return new AppError(
    409,
    'upload_completing',
    mediaText(locale, 'completing'),
    undefined,
    { 'retry-after': '2' },
  );
}

/**
 * Once every byte is in: claims the upload (`completing_at`, a compare-and-set only one
 * request wins; a claim left by a dead process is taken over once stale), checks and keeps
 * the bytes like POST medias, and names the media on the upload. Meanwhile another request
 * gets 409 upload_completing, never a verdict: the sender asks again and gets the media.
 * A refused file (type, size under the question's rules) ends the upload, its row and
 * bytes go and its budget reservation is given back; bytes found shorter than the offset
 * move the offset back (409 with the real one). Any other failure lets the claim go.
 */
export async function completeUpload(
  ctx: RequestContext,
  dataDir: string,
  row: UploadRow,
  keep: (target: UploadTarget, staged: StagedFile, filename: string | undefined, save: () => Promise<ReturnType<typeof mediaView>>) => Promise<unknown>,
  limits: { anonymousMaxBytes: number },
  budget: UploadBudget,
): Promise<UploadRow> {
  if (row.media_id !== null || row.received < row.size) return row;
  const now = new Date();
  const [claimed] = await ctx.db.orm
    .update(mediaUploads)
    .set({ completing_at: now, updated_at: now })
    .where(
      and(
        eq(mediaUploads.id, row.id),
        isNull(mediaUploads.media_id),
        eq(mediaUploads.received, row.size),
        noLiveClaim(now),
      ),
    )
    .returning();
  if (!claimed) {
    const [current] = await ctx.db.orm.select().from(mediaUploads).where(eq(mediaUploads.id, row.id));
    if (!current) throw notFound();
    if (current.media_id !== null) return current;
    if (current.received < current.size) throw offsetConflict(current.received, ctx.locale);
    throw completingConflict(ctx.locale);
  }
  const letGo = () => ctx.db.orm.update(mediaUploads).set({ completing_at: null }).where(eq(mediaUploads.id, row.id));
  const end = async () => {
    await ctx.db.orm.delete(mediaUploads).where(eq(mediaUploads.id, row.id));
    await unlink(partFile(dataDir, row.id)).catch(() => {});
    await releaseReservation(budget, reservationOf(claimed));
  };
  let staged: StagedFile;
  try {
    staged = await describeStaged(partFile(dataDir, row.id));
  } catch (error) {
    // The bytes were moved by a completion that died before recording its media: gone.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      await letGo();
      throw error;
    }
    await end();
    throw notFound();
  }
  if (staged.size < row.size) {
    await ctx.db.orm.update(mediaUploads).set({ completing_at: null, received: staged.size, updated_at: new Date() }).where(eq(mediaUploads.id, row.id));
    throw offsetConflict(staged.size, ctx.locale);
  }
  try {
    const fields = row.fields as Record<string, string>;
    const target = await prepareUpload(ctx, fields, limits);
    if (staged.size !== row.size) throw validationFailed({ file: [mediaText(ctx.locale, 'sizeMismatch')] });
    const save = () => saveUpload(ctx, dataDir, target, staged, row.filename ?? undefined);
    const media = (await keep(target, staged, row.filename ?? undefined, save)) as { id: number };
    const [done] = await ctx.db.orm.update(mediaUploads).set({ media_id: media.id, updated_at: new Date() }).where(eq(mediaUploads.id, row.id)).returning();
    return done;
  } catch (error) {
    if (error instanceof AppError && error.status < 500 && error.status !== 429) await end();
    else await letGo();
    throw error;
  }
}

/** The size, SHA-256 and first bytes of the assembled file, read once. */
async function describeStaged(tempPath: string): Promise<StagedFile> {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLength = 0;
  await pipeline(createReadStream(tempPath), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      hash.update(chunk);
      if (headLength < 512) {
        head.push(chunk.subarray(0, 512 - headLength));
        headLength += Math.min(chunk.length, 512 - headLength);
      }
    }
  });
  return { tempPath, size: (await stat(tempPath)).size, checksum: hash.digest('hex'), head: Buffer.concat(head) };
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
