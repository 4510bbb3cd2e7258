import type { Config } from '../../../config';
import { addressKey } from '../../../http/client-address';
import { AppError } from '../../../http/errors';
import type { ThrottleStore } from '../../identity/auth/throttle';
import { mediaText } from './medias.texts';
import { pickLocale } from '@app/contracts';

const DAY_S = 24 * 3600;
const KIB = 1024;

/**
 * The bytes one client address may store through uploads sent without a session, per
 * 24 h window (ANON_UPLOAD_BYTES_PER_DAY_MB). The rate limit bounds how many uploads come
 * in a minute, not what they add up to while an unclaimed one is kept for
 * ANON_UPLOAD_ORPHAN_GRACE_S. Counted in KiB in the throttle store (key
 * `anon-upload-kib:<address>`), so that a large budget stays within its integer counter.
 */
export class AnonymousUploadBudget {
  private readonly budgetKib: number;

  constructor(
    private readonly store: ThrottleStore,
    config: Pick<Config, 'ANON_UPLOAD_BYTES_PER_DAY_MB'>,
  ) {
    this.budgetKib = Math.floor(config.ANON_UPLOAD_BYTES_PER_DAY_MB * KIB);
  }

  /**
   * Before the body is read: 429 when the address's budget is spent, or when the file
   * `declaredBytes` announces (the body's length, less the multipart envelope) cannot fit
   * in what is left of it.
   */
  async assertRoom(ip: string, declaredBytes: number | null, locale: string): Promise<void> {
    const count = await this.store.peek(keyOf(ip));
    const used = count?.hits ?? 0;
    const wanted = declaredBytes !== null && declaredBytes > 0 ? kibOf(declaredBytes) : 0;
    if (used >= this.budgetKib || used + wanted > this.budgetKib) throw this.spent(count?.retryAfterS ?? DAY_S, locale);
  }

  /**
   * Counts a staged file of `bytes`, then keeps it with `keep`. A file that goes over the
   * budget (its length was not declared, or uploads raced) is refused with 429 before
   * `keep` runs, and one that `keep` refuses is given back: only kept bytes count.
   */
  async spendOn<T>(ip: string, bytes: number, locale: string, keep: () => Promise<T>): Promise<T> {
    const kib = kibOf(bytes);
    const count = await this.store.hit(keyOf(ip), DAY_S, kib);
    try {
      if (count.hits > this.budgetKib) throw this.spent(count.retryAfterS, locale);
      return await keep();
    } catch (error) {
      await this.store.hit(keyOf(ip), DAY_S, -kib);
      throw error;
    }
  }

  /**
   * Reserves `bytes` when a resumable upload is opened (upload-reservation.ts), so
   * that opening many uploads cannot outrun the budget their completions would spend:
   * 429 (nothing reserved) when they do not fit. Returns what to give back if the upload
   * ends without a media: the KiB and the end of the window they were counted in.
   */
  async reserve(ip: string, bytes: number, locale: string): Promise<{ kib: number; until: Date }> {
    const kib = kibOf(bytes);
    const count = await this.store.hit(keyOf(ip), DAY_S, kib);
    if (count.hits > this.budgetKib) {
      await this.store.hit(keyOf(ip), DAY_S, -kib);
      throw this.spent(count.retryAfterS, locale);
    }
    return { kib, until: new Date(Date.now() + count.retryAfterS * 1000) };
  }

  /**
   * Gives back a reservation (an upload refused or abandoned) while the window it was
   * counted in still runs; a later window never counted it, so it is left alone.
   */
  async release(address: string, kib: number, until: Date | null): Promise<void> {
    if (kib <= 0 || !until || until.getTime() <= Date.now()) return;
    await this.store.hit(keyOfAddress(address), DAY_S, -kib);
  }

  close(): Promise<void> {
    return this.store.close();
  }

  /** 429 in the sender's language (`locale`), the budget written as they write numbers. */
  private spent(retryAfterS: number, locale: string): AppError {
    const mb = (this.budgetKib / KIB).toLocaleString(pickLocale(locale));
    return new AppError(
      429,
      'upload_budget_spent',
      mediaText(locale, 'budgetSpent', { mb }),
      undefined,
      { 'retry-after': String(retryAfterS) },
    );
  }
}

const keyOfAddress = (address: string) => `anon-upload-kib:${address}`;
const keyOf = (ip: string) => keyOfAddress(addressKey(ip));
const kibOf = (bytes: number) => Math.max(1, Math.ceil(bytes / KIB));
