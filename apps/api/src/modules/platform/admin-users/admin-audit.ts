import type { FastifyBaseLogger } from 'fastify';

/** Who did an admin action, and from where (the request's address). */
export interface AdminCall {
  log: FastifyBaseLogger;
  ip: string;
}

export interface AdminActionEntry {
  actorUserId: number;
  /** e.g. `user.suspend`, `user.validate_phone`, `broadcast.platform`. */
  action: string;
  targetType: string;
  targetId: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * The one place the back office's users and broadcast actions are recorded. Today it
 * writes a structured line to the app logger; the append-only audit table (another
 * branch, migration 0026) takes its place here at merge, with no change to the callers.
 */
export async function recordAdminAction(call: AdminCall, entry: AdminActionEntry): Promise<void> {
  call.log.info({ audit: { ...entry, ip: call.ip, at: new Date().toISOString() } }, `admin action ${entry.action}`);
}
