import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';

/** Rows deleted per statement, so that one purge never holds many locks at once. */
const PURGE_BATCH = 500;

/** How often server.ts runs the purge: dead rows only need to go eventually. */
export const SESSION_PURGE_INTERVAL_MS = 3600 * 1000;

/**
 * Deletes the session rows dead for longer than `retentionMs`: each refresh adds a row and
 * nothing else ever removes one. A row is dead once it is revoked or its refresh token
 * expired, and the retention counts from the later of the two, so no row is deleted while
 * its refresh token could still be presented:
 * - reuse detection (sessions.service.ts rotateSession) needs a rotated row as long as its
 *   refresh token can be replayed, i.e. until its refresh expiry; after that the token is
 *   refused anyway (401 instead of revoking the family, which it could no longer renew);
 * - a revoked row answers 499 to its tokens until the retention after its revocation has
 *   passed, and its family's other rows were revoked with it, so nothing is left to protect.
 * Sign-in ceilings do not read sessions: a known device is its `devices` row
 * (`findKnownDevice`, `forgotten_at`), kept as long as the user. Returns how many were deleted.
 */
export async function purgeDeadSessions(db: Database, options: { retentionMs: number; now?: Date }): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.retentionMs).toISOString();
  let deleted = 0;
  for (;;) {
    // GREATEST(revoked_at, refresh_expires_at) < cutoff, spelled so sessions_refresh_expires_idx serves it.
    const rows = await db.rows<{ id: number }>(sql`
      DELETE FROM sessions WHERE id IN (
        SELECT s.id FROM sessions s
        WHERE s.refresh_expires_at < ${cutoff}::timestamptz
          AND (s.revoked_at IS NULL OR s.revoked_at < ${cutoff}::timestamptz)
        ORDER BY s.id
        LIMIT ${PURGE_BATCH}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id`);
    deleted += rows.length;
    if (rows.length < PURGE_BATCH) return deleted;
  }
}

export interface SessionPurge {
  /** Stops the timer and waits for a purge under way (shutdown, before the database closes). */
  stop(): Promise<void>;
}

/**
 * Runs purgeDeadSessions every `intervalMs` (never with 0), one run at a time, like the
 * orphan-upload sweep: an unref'd timer, failures logged and retried next time.
 */
export function startSessionPurge(
  db: Database,
  log: FastifyBaseLogger,
  options: { retentionMs: number; intervalMs: number },
): SessionPurge {
  let running: Promise<void> | null = null;
  const purge = () => {
    if (running) return;
    running = purgeDeadSessions(db, { retentionMs: options.retentionMs })
      .then((deleted) => {
        if (deleted > 0) log.info({ deleted }, 'dead sessions deleted');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'session purge failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = options.intervalMs > 0 ? setInterval(purge, options.intervalMs) : null;
  timer?.unref();
  return {
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
