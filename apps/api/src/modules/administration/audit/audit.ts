import type { RequestContext } from '../../../http/actor';
import { type AuditRecord, insertAudit } from './audit.repository';

/**
 * Writes an entry of the audit trail for the caller of `ctx` (who, from which address).
 * Every admin action and every change of a role, permission, package or feature calls it;
 * pass the transaction as `db` when the change runs in one.
 */
export async function audit(ctx: RequestContext, entry: AuditRecord, db = ctx.db): Promise<void> {
  await insertAudit(db, { userId: ctx.actor?.userId ?? null, ip: ctx.ip ?? null }, entry);
}
