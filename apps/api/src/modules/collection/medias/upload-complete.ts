import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { and, eq, isNull } from 'drizzle-orm';
import { mediaUploads } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { AppError, notFound, validationFailed } from '../../../http/errors';
import type { StagedFile } from './media-storage';
import { type mediaView, prepareUpload, saveUpload, type UploadTarget } from './medias.service';
import { mediaText } from './medias.texts';
import { noLiveClaim, offsetConflict, partFile, type UploadRow } from './resumable-uploads.service';
import { releaseReservation, reservationOf, type UploadBudget } from './upload-reservation';

/** Resumable uploads, step 3 (resumable-uploads.service.ts): every byte is in, they become a media, once. */

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

