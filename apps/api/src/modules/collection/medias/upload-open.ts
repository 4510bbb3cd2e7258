import { randomBytes } from 'node:crypto';
import { mkdir, open } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { mediaUploads, medias } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { notFound, unauthorized } from '../../../http/errors';
import { fileTooLarge } from './media-storage';
import { mediaView, prepareUpload } from './medias.service';
import { claimIsLive, partFile, partsDir, UPLOAD_PART_TTL_MS, type UploadRow } from './resumable-uploads.service';
import { releaseReservation, reserveUpload, type UploadBudget } from './upload-reservation';

/** Resumable uploads, step 1 (resumable-uploads.service.ts): open an upload, find it again, say where it stands. */

export interface UploadStart {
  fields: Record<string, string>;
  filename: string;
  size: number;
}

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

