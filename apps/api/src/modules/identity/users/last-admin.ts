import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { conflict } from '../../../http/errors';
import { usersText } from './users.texts';

/**
 * The rule of section 1 for the platform's own team: the last active admin is never
 * suspended, demoted or removed. Called INSIDE the change's transaction, before the change:
 * it locks every active admin's row (in id order, so two callers queue instead of
 * deadlocking), so two admins acting on each other at once run one after the other and the
 * second sees the first's change (READ COMMITTED re-reads a locked row once it is released).
 */
export async function assertNotLastActiveAdmin(tx: Database, userId: number, locale: string): Promise<void> {
  const admins = await tx.rows<{ id: number }>(
    sql`SELECT id FROM users WHERE type = 'admin' AND status = 'active' AND deleted_at IS NULL ORDER BY id FOR UPDATE`,
  );
  const ids = admins.map((row) => Number(row.id));
  if (ids.includes(userId) && ids.length === 1) {
    throw conflict(usersText(locale, 'lastAdmin'), 'last_admin');
  }
}
