import { and, eq, gt, max, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { validationFailed } from '../../../http/errors';
import { surveyLifecycleText } from './survey-lifecycle.texts';

/**
 * The ordering rules of a survey's steps, questions and choices, in one place: each row
 * has a `position` among its siblings (the rows `siblings` selects: a survey's steps, a
 * step's questions, a question's choices, an owner's default questions of one kind).
 */
type Ordered = PgTable & { id: PgColumn; position: PgColumn; updated_at: PgColumn };

/** The next free position after the siblings (0 for the first). */
export async function nextPosition(db: Database, table: Ordered, siblings: SQL): Promise<number> {
  const [row] = await db.orm
    .select({ last: max(table.position) })
    .from(table as PgTable)
    .where(siblings);
  const last = row?.last as number | null | undefined;
  return last == null ? 0 : Number(last) + 1;
}

/**
 * Makes room right after `position` for a copy of the row there: the siblings after it
 * move down one. Returns the copy's position. Run it in the transaction that inserts the copy.
 */
export async function makeRoomAfter(tx: Database, table: Ordered, siblings: SQL, position: number): Promise<number> {
  await tx.orm
    .update(table)
    .set({ position: sql`${table.position} + 1` } as any)
    .where(and(siblings, gt(table.position, position)));
  return position + 1;
}

/**
 * Sets positions 0..n-1 in the order of `ids`, which must name exactly the rows of
 * `parent` (each once): a partial or foreign list is a 422 on `field`.
 */
export async function applyOrder(
  { db, locale }: { db: Database; locale: string },
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
    throw validationFailed({ [field]: [surveyLifecycleText(locale, 'listEveryItemOnce')] });
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
