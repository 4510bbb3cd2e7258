import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { validationFailed } from '../../../http/errors';

type Ordered = PgTable & { id: PgColumn; position: PgColumn; updated_at: PgColumn };

/**
 * Sets positions 0..n-1 in the order of `ids`, which must name exactly the rows of
 * `parent` (each once): a partial or foreign list is a 422 on `field`.
 */
export async function applyOrder(
  db: Database,
  table: Ordered,
  parent: SQL,
  ids: number[],
  field: string,
  /** A further check once the list is known to be right (e.g. condition order). */
  check?: () => Promise<void>,
): Promise<void> {
  const rows = (await db.orm.select({ id: table.id }).from(table as PgTable).where(parent)) as Array<{ id: number }>;
  const current = new Set(rows.map((r) => r.id));
  const unique = new Set(ids);
  if (unique.size !== ids.length || unique.size !== current.size || ids.some((id) => !current.has(id))) {
    throw validationFailed({ [field]: ['La liste doit contenir chaque élément exactement une fois, et seulement ceux-là.'] });
  }
  await check?.();
  await db.transaction(async (tx) => {
    for (const [index, id] of ids.entries()) {
      await tx.orm
        .update(table)
        .set({ position: index, updated_at: new Date() } as any)
        .where(and(eq(table.id, id), parent));
    }
  });
}
