import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { AppError } from '../../../http/errors';

/** A fixed-window counter: hits so far and seconds until the window ends. */
export interface WindowCount {
  hits: number;
  retryAfterS: number;
}

/** Where counters live: shared by every API process (database, or Redis when configured). */
export interface ThrottleStore {
  /** Adds `amount` (one event unless told; a negative amount gives some back) to the key's window. */
  hit(key: string, windowS: number, amount?: number): Promise<WindowCount>;
  peek(key: string): Promise<WindowCount | null>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Counters in the `auth_throttles` table; one atomic upsert per hit. */
export function createDatabaseThrottleStore(db: Database): ThrottleStore {
  return {
    async hit(key, windowS, amount = 1) {
      const [row] = await db.rows<{ hits: number; retry_after: number }>(sql`
        INSERT INTO auth_throttles AS t (key, hits, window_ends_at)
        VALUES (${key}, ${amount}::int, now() + ${windowS} * interval '1 second')
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN t.window_ends_at <= now() THEN ${amount}::int ELSE t.hits + ${amount}::int END,
          window_ends_at = CASE WHEN t.window_ends_at <= now()
                                THEN now() + ${windowS} * interval '1 second' ELSE t.window_ends_at END
        RETURNING hits, GREATEST(1, ceil(extract(epoch FROM window_ends_at - now())))::int AS retry_after
      `);
      // Expired windows are dead rows; sweep them now and then rather than on a timer.
      if (Math.random() < 0.01) await db.rows(sql`DELETE FROM auth_throttles WHERE window_ends_at < now()`);
      return { hits: Number(row.hits), retryAfterS: Number(row.retry_after) };
    },
    async peek(key) {
      const [row] = await db.rows<{ hits: number; retry_after: number }>(sql`
        SELECT hits, GREATEST(1, ceil(extract(epoch FROM window_ends_at - now())))::int AS retry_after
          FROM auth_throttles WHERE key = ${key} AND window_ends_at > now()
      `);
      return row ? { hits: Number(row.hits), retryAfterS: Number(row.retry_after) } : null;
    },
    async clear(key) {
      await db.rows(sql`DELETE FROM auth_throttles WHERE key = ${key}`);
    },
    async close() {},
  };
}

/** Counters in Redis: SET NX starts the window with its expiry, INCRBY keeps it. */
export function createRedisThrottleStore(url: string, prefix: string): ThrottleStore {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const k = (key: string) => `${prefix}throttle:${key}`;
  return {
    async hit(key, windowS, amount = 1) {
      const result = await redis.multi().set(k(key), 0, 'EX', windowS, 'NX').incrby(k(key), amount).pttl(k(key)).exec();
      const hits = Number(result?.[1]?.[1] ?? 1);
      const pttl = Number(result?.[2]?.[1] ?? windowS * 1000);
      return { hits, retryAfterS: Math.max(1, Math.ceil(pttl / 1000)) };
    },
    async peek(key) {
      const result = await redis.multi().get(k(key)).pttl(k(key)).exec();
      const hits = result?.[0]?.[1];
      const pttl = Number(result?.[1]?.[1] ?? -2);
      if (hits == null || pttl <= 0) return null;
      return { hits: Number(hits), retryAfterS: Math.max(1, Math.ceil(pttl / 1000)) };
    },
    async clear(key) {
      await redis.del(k(key));
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** One limit: at most `max` counted events for `key` per window. */
export interface Limit {
  key: string;
  max: number;
}

export const tooManyAttempts = (retryAfterS: number) =>
  new AppError(429, 'too_many_attempts', '', undefined, { 'retry-after': String(retryAfterS) });

/**
 * Brute-force brakes for sign-in, codes and resets (which limits each use counts: limits.ts);
 * the window is AUTH_FAILURE_WINDOW_S.
 */
export class Throttle {
  constructor(
    private readonly store: ThrottleStore,
    readonly windowS: number,
  ) {}

  /** Throws 429 (with Retry-After) when any limit is already reached. */
  async assertOpen(limits: Limit[]): Promise<void> {
    const retryAfterS = await this.firstReached(limits);
    if (retryAfterS !== null) throw tooManyAttempts(retryAfterS);
  }

  /** Counts one event on each limit; throws 429 when this event goes over one of them. */
  async consume(limits: Limit[]): Promise<void> {
    const retryAfterS = await this.hitPastLimit(limits);
    if (retryAfterS !== null) throw tooManyAttempts(retryAfterS);
  }

  /** The Retry-After of the first limit already reached, or null when all are open (nothing counted). */
  async firstReached(limits: Limit[]): Promise<number | null> {
    for (const limit of limits) {
      const count = await this.store.peek(limit.key);
      if (count && count.hits >= limit.max) return count.retryAfterS;
    }
    return null;
  }

  /** Counts one event on each limit; the longest Retry-After among those it went over, or null. */
  async hitPastLimit(limits: Limit[]): Promise<number | null> {
    let worst: number | null = null;
    for (const limit of limits) {
      const count = await this.store.hit(limit.key, this.windowS);
      if (count.hits > limit.max && (worst === null || count.retryAfterS > worst)) worst = count.retryAfterS;
    }
    return worst;
  }

  /** Counts one failure on each limit without throwing. */
  async record(limits: Limit[]): Promise<void> {
    for (const limit of limits) await this.store.hit(limit.key, this.windowS);
  }

  async reset(key: string): Promise<void> {
    await this.store.clear(key);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/** The store the configuration asks for: Redis when REDIS_URL is set, else the database. */
export function createThrottleStore(config: Config, db: Database): ThrottleStore {
  return config.REDIS_URL ? createRedisThrottleStore(config.REDIS_URL, config.REDIS_KEY_PREFIX) : createDatabaseThrottleStore(db);
}

export function createThrottle(config: Config, db: Database): Throttle {
  return new Throttle(createThrottleStore(config, db), config.AUTH_FAILURE_WINDOW_S);
}
