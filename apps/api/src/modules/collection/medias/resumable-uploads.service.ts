import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { mediaUploads, medias } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { AppError, conflict, notFound, unauthorized, validationFailed } from '../../../http/errors';
import { fileTooLarge, type StagedFile, uploadsRoot } from './media-storage';
import { mediaView, prepareUpload, saveUpload, type UploadTarget } from './medias.service';

/**
 * Resumable uploads (medias/uploads, API.md "Fichiers envoyés en morceaux"): a file is
 * announced with the fields of POST medias and its size, then sent in pieces, each at the
 * offset the server says it has; a dropped connection costs only the piece under way.
 * The last piece turns the bytes into a media exactly like POST medias (type sniffed,
 * the question's rules), once: a repeated last piece answers the same media.
 */

/** An upload untouched this long is abandoned: its row and bytes are swept. */
export const UPLOAD_PART_TTL_MS = 24 * 3600 * 1000;
/** Open (unfinished) uploads one sender may have at once. */
export const MAX_OPEN_UPLOADS = 20;
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

/** What a client needs to go on: the offset to send from, and the media once complete. */
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
    media,
    expires_at: new Date(row.updated_at.getTime() + UPLOAD_PART_TTL_MS).toISOString(),
  };
}

/** Opens an upload: the same checks as POST medias (who may send what for which question), then the size. */
export async function startUpload(ctx: RequestContext, dataDir: string, input: UploadStart, limits: { anonymousMaxBytes: number }): Promise<UploadRow> {
  const target = await prepareUpload(ctx, input.fields, limits);
  if (input.size > target.maxBytes) throw fileTooLarge(target.maxBytes);
  const owner = target.ownerUserId !== null ? eq(mediaUploads.owner_user_id, target.ownerUserId) : eq(mediaUploads.upload_key, target.uploadKey ?? '');
  const [unfinished] = await ctx.db.orm
    .select({ n: sql<number>`count(*)::int` })
    .from(mediaUploads)
    .where(and(owner, isNull(mediaUploads.media_id)));
  if ((unfinished?.n ?? 0) >= MAX_OPEN_UPLOADS) {
    throw new AppError(429, 'too_many_uploads', `Trop d’envois de fichiers en cours (${MAX_OPEN_UPLOADS} au plus) : terminez-les ou attendez.`);
  }
  await mkdir(partsDir(dataDir), { recursive: true });
  const id = randomBytes(16).toString('hex');
  await (await open(partFile(dataDir, id), 'w')).close();
  const [row] = await ctx.db.orm
    .insert(mediaUploads)
    .values({ id, company_id: target.companyId, owner_user_id: target.ownerUserId, upload_key: target.uploadKey, fields: input.fields, filename: input.filename, size: input.size })
    .returning();
  return row;
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
 * to go on from), then moves the offset by a compare-and-set, so two senders of the same
 * piece never both count it. Reading stops at the announced size (413).
 */
export async function receivePiece(dataDir: string, ctx: RequestContext, row: UploadRow, offset: number, body: NodeJS.ReadableStream, declared: number | null): Promise<UploadRow> {
  if (offset !== row.received) {
    body.resume();
    throw offsetConflict(row.received);
  }
  const room = row.size - row.received;
  if (room === 0) {
    // Every byte is in (a last piece sent again): nothing to write, completion answers.
    for await (const chunk of body as AsyncIterable<Buffer>) if (chunk.length > 0) throw fileTooLarge(row.size);
    return row;
  }
  if (declared !== null && declared > room) {
    body.resume();
    throw fileTooLarge(row.size);
  }
  let written = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      if (written > room) return done(fileTooLarge(row.size));
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, tap, createWriteStream(partFile(dataDir, row.id), { flags: 'r+', start: offset }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound();
    // A dropped connection keeps nothing of this piece: the offset stays where it was.
    throw error;
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
    throw offsetConflict(now.received);
  }
  return moved;
}

function offsetConflict(received: number): AppError {
  return new AppError(409, 'upload_offset_mismatch', `Le serveur a reçu ${received} octets : reprenez à partir de là.`, { offset: [String(received)] });
}

/**
 * Once every byte is in: claims the bytes (a rename only one request can win), checks and
 * keeps them like POST medias, and names the media on the upload. A refused file (type,
 * size under the question's rules) ends the upload: its row goes with its bytes.
 */
export async function completeUpload(
  ctx: RequestContext,
  dataDir: string,
  row: UploadRow,
  keep: (target: UploadTarget, staged: StagedFile, filename: string | undefined, save: () => Promise<ReturnType<typeof mediaView>>) => Promise<unknown>,
  limits: { anonymousMaxBytes: number },
): Promise<UploadRow> {
  if (row.media_id !== null || row.received < row.size) return row;
  const tempPath = path.join(uploadsRoot(dataDir), 'tmp', randomBytes(16).toString('hex'));
  await mkdir(path.dirname(tempPath), { recursive: true });
  try {
    await rename(partFile(dataDir, row.id), tempPath);
  } catch {
    // Another request is completing it (or did): answer what the row says now.
    const [now] = await ctx.db.orm.select().from(mediaUploads).where(eq(mediaUploads.id, row.id));
    if (!now) throw notFound();
    if (now.media_id === null) throw conflict('Ce fichier est en cours d’enregistrement : redemandez son état dans un instant.', 'upload_completing');
    return now;
  }
  const staged = await describeStaged(tempPath);
  try {
    const fields = row.fields as Record<string, string>;
    const target = await prepareUpload(ctx, fields, limits);
    if (staged.size !== row.size) throw validationFailed({ file: ['Le fichier reçu n’a pas la taille annoncée.'] });
    const save = () => saveUpload(ctx, dataDir, target, staged, row.filename ?? undefined);
    const media = (await keep(target, staged, row.filename ?? undefined, save)) as { id: number };
    const [done] = await ctx.db.orm.update(mediaUploads).set({ media_id: media.id, updated_at: new Date() }).where(eq(mediaUploads.id, row.id)).returning();
    return done;
  } catch (error) {
    await unlink(tempPath).catch(() => {});
    if (error instanceof AppError && error.status < 500 && error.status !== 429) await ctx.db.orm.delete(mediaUploads).where(eq(mediaUploads.id, row.id));
    else await rename(tempPath, partFile(dataDir, row.id)).catch(() => {});
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
 * Deletes uploads untouched for `ttlMs`: unfinished ones with their bytes (abandoned), and
 * the bookkeeping of finished ones (their media stays). Returns how many rows went.
 */
export async function sweepAbandonedUploads(db: RequestContext['db'], dataDir: string, options: { ttlMs: number; now?: Date }): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.ttlMs);
  const rows = await db.orm.delete(mediaUploads).where(sql`${mediaUploads.updated_at} < ${cutoff.toISOString()}::timestamptz`).returning({ id: mediaUploads.id });
  for (const { id } of rows) await unlink(partFile(dataDir, id)).catch(() => {});
  return rows.length;
}
