import { unlink } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { fileOf } from './media-storage';
import { sweepAbandonedUploads, UPLOAD_PART_TTL_MS } from './resumable-uploads.service';
import type { UploadBudget } from './upload-reservation';

/** Rows deleted per statement, so that one sweep never holds many locks at once. */
const SWEEP_BATCH = 200;

/**
 * Deletes the answer files sent without a session (no owner, an upload key) that no
 * answer names `graceMs` after their upload: a respondent who gave up, or replaced the
 * file before submitting. The row goes first (DELETE … RETURNING, rows another process
 * or a submission is holding are skipped), then the file, so no row ever points at a
 * missing file. Returns how many were deleted.
 */
export async function sweepOrphanUploads(
  db: Database,
  dataDir: string,
  options: { graceMs: number; now?: Date; log?: Pick<FastifyBaseLogger, 'warn'> },
): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.graceMs).toISOString();
  let deleted = 0;
  for (;;) {
    const rows = await db.rows<{ path: string }>(sql`
      DELETE FROM medias WHERE id IN (
        SELECT m.id FROM medias m
        WHERE m.owner_user_id IS NULL AND m.upload_key IS NOT NULL AND m.created_at < ${cutoff}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM answers a WHERE a.media_id = m.id)
        ORDER BY m.id
        LIMIT ${SWEEP_BATCH}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING path`);
    for (const { path } of rows) {
      const file = fileOf(dataDir, path);
      // The row is gone whatever happens here: a file that cannot be removed is only logged.
      await (file ? unlink(file) : Promise.resolve()).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') options.log?.warn({ err: error, path }, 'orphan upload file not removed');
      });
    }
    deleted += rows.length;
    if (rows.length < SWEEP_BATCH) return deleted;
  }
}

export interface OrphanUploadSweep {
  /** Stops the timer and waits for a sweep under way (shutdown, before the database closes). */
  stop(): Promise<void>;
}

/**
 * Runs sweepOrphanUploads every `intervalMs` (never with 0), one sweep at a time, like
 * the messenger's dispatcher: an unref'd timer, failures logged and retried next time.
 */
export function startOrphanUploadSweep(
  db: Database,
  log: FastifyBaseLogger,
  options: { dataDir: string; graceMs: number; intervalMs: number; budget?: Pick<UploadBudget, 'release'> },
): OrphanUploadSweep {
  let running: Promise<void> | null = null;
  const sweep = () => {
    if (running) return;
    running = sweepOrphanUploads(db, options.dataDir, { graceMs: options.graceMs, log })
      .then(async (deleted) => {
        if (deleted > 0) log.info({ deleted }, 'orphan anonymous uploads deleted');
        // Resumable uploads left unfinished (or finished long ago) go with their bytes and
        // give back what they reserved of their address's budget.
        const abandoned = await sweepAbandonedUploads(db, options.dataDir, { ttlMs: UPLOAD_PART_TTL_MS, budget: options.budget });
        if (abandoned > 0) log.info({ abandoned }, 'abandoned resumable uploads deleted');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'orphan upload sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = options.intervalMs > 0 ? setInterval(sweep, options.intervalMs) : null;
  timer?.unref();
  return {
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
