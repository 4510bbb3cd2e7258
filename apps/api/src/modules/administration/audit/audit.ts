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

/** The values of `keys` in `row` (the "before" of a partial update). */
export function pick(row: object, keys: readonly string[]): Record<string, unknown> {
  const source = row as Record<string, unknown>;
  return Object.fromEntries(keys.map((key) => [key, source[key] ?? null]));
}
