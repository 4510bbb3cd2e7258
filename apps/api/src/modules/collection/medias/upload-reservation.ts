import { and, eq, isNull, sql } from 'drizzle-orm';
import { mediaUploads } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { addressKey } from '../../../http/client-address';
import { AppError } from '../../../http/errors';
import type { UploadTarget } from './medias.service';
import { mediaText } from './medias.texts';

/**
 * What a resumable upload holds while it is open (resumable-uploads.service.ts): a place
 * among its sender's open uploads, and for a sender without a session a share of its
 * address's daily storage budget (upload-budget.ts), reserved when the upload opens and
 * given back when it ends without a media (refused, abandoned).
 */

/** Open (unfinished) uploads one sender (an account, or a client_uuid) may have at once. */
export const MAX_OPEN_UPLOADS = 20;
/**
 * Open uploads without a session from one client address (addressKey): a new client_uuid
 * per upload must not get round MAX_OPEN_UPLOADS. Larger, since a mobile operator's NAT
 * puts many respondents behind one address.
 */
export const MAX_OPEN_UPLOADS_PER_ADDRESS = 60;

/**
 * The daily budget of uploads sent without a session (upload-budget.ts): reserved when an
 * upload opens, given back when it ends without a media (refused, abandoned).
 */
export interface UploadBudget {
  reserve(ip: string, bytes: number, locale: string): Promise<{ kib: number; until: Date }>;
  release(address: string, kib: number, until: Date | null): Promise<void>;
}

/** What an open upload reserved: kept on its row (client_address, reserved_kib, reserved_until). */
export interface UploadReservation {
  /** The sender's address (addressKey) without a session; null for a signed-in sender. */
  address: string | null;
  kib: number;
  until: Date | null;
}

const tooMany = (locale: string, max: number, fromAddress: boolean) =>
  new AppError(429, 'too_many_uploads', mediaText(locale, fromAddress ? 'tooManyOpenFromAddress' : 'tooManyOpen', { max }));

async function countOpen(ctx: RequestContext, who: ReturnType<typeof and>): Promise<number> {
  const [found] = await ctx.db.orm
    .select({ n: sql<number>`count(*)::int` })
    .from(mediaUploads)
    .where(and(who, isNull(mediaUploads.media_id)));
  return found?.n ?? 0;
}

/**
 * Before an upload opens: the caps on open uploads (429), then for a sender without a
 * session the reservation of `size` in the address's daily budget (429 when it does not
 * fit). The caller gives the reservation back (releaseReservation) if the upload is not
 * recorded after all.
 */
export async function reserveUpload(
  ctx: RequestContext,
  target: Pick<UploadTarget, 'ownerUserId' | 'uploadKey'>,
  size: number,
  sender: { ip: string; budget: UploadBudget },
): Promise<UploadReservation> {
  const anonymous = target.ownerUserId === null;
  const address = anonymous ? addressKey(sender.ip) : null;
  const owner = anonymous ? eq(mediaUploads.upload_key, target.uploadKey ?? '') : eq(mediaUploads.owner_user_id, target.ownerUserId as number);
  if ((await countOpen(ctx, owner)) >= MAX_OPEN_UPLOADS) throw tooMany(ctx.locale, MAX_OPEN_UPLOADS, false);
  if (address !== null) {
    const fromAddress = and(isNull(mediaUploads.owner_user_id), eq(mediaUploads.client_address, address));
    if ((await countOpen(ctx, fromAddress)) >= MAX_OPEN_UPLOADS_PER_ADDRESS) throw tooMany(ctx.locale, MAX_OPEN_UPLOADS_PER_ADDRESS, true);
  }
  const reserved = address !== null ? await sender.budget.reserve(sender.ip, size, ctx.locale) : null;
  return { address, kib: reserved?.kib ?? 0, until: reserved?.until ?? null };
}

/** Gives back what an upload that ends without a media had reserved (nothing for a signed-in sender). */
export async function releaseReservation(budget: Pick<UploadBudget, 'release'> | undefined, reservation: UploadReservation): Promise<void> {
  if (reservation.address !== null) await budget?.release(reservation.address, reservation.kib, reservation.until);
}

/** The reservation an upload's row keeps. */
export function reservationOf(row: { client_address: string | null; reserved_kib: number; reserved_until: Date | null }): UploadReservation {
  return { address: row.client_address, kib: row.reserved_kib, until: row.reserved_until };
}
