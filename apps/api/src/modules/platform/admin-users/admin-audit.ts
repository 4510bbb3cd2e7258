import type { RequestContext } from '../../../http/actor';
import { audit } from '../../administration/audit/audit';

export interface AdminActionEntry {
  /** e.g. `user.suspend`, `user.validate_phone`, `broadcast.platform`. */
  action: string;
  targetType: string;
  targetId: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * The back office's users and broadcast actions, written to the append-only audit trail
 * (who and from which address come from the request's context).
 */
export async function recordAdminAction(ctx: RequestContext, entry: AdminActionEntry): Promise<void> {
  await audit(ctx, { action: entry.action, objectType: entry.targetType, objectId: entry.targetId, before: entry.before ?? null, after: entry.after ?? null });
}
