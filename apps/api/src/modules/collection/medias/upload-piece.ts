import { open, stat } from 'node:fs/promises';
import { and, eq, isNull } from 'drizzle-orm';
import { mediaUploads } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { notFound } from '../../../http/errors';
import { fileTooLarge } from './media-storage';
import { claimIsLive, noLiveClaim, offsetConflict, partFile, type UploadRow } from './resumable-uploads.service';

/** Resumable uploads, step 2 (resumable-uploads.service.ts): one piece written at the server's offset. */

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

