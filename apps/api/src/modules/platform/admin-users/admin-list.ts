import type { ListMeta } from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

/** `%text%` for ILIKE, with the pattern characters of the search taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of an admin list: the rows of `select` (which must not carry ORDER BY or
 * LIMIT) in `order`, and the total over the same conditions, in two statements.
 */
export async function pageOf<T>(
  db: Database,
  parts: { select: SQL; from: SQL; where: SQL[]; order: SQL },
  paging: { page: number; limit: number },
): Promise<{ rows: T[]; meta: ListMeta }> {
  const where = parts.where.length ? sql`WHERE ${sql.join(parts.where, sql` AND `)}` : sql``;
  const start = paging.page * paging.limit;
  const [rows, counted] = await Promise.all([
    db.rows<T>(sql`${parts.select} ${parts.from} ${where} ORDER BY ${parts.order} LIMIT ${paging.limit} OFFSET ${start}`),
    db.rows<{ total: number }>(sql`SELECT count(*)::int AS total ${parts.from} ${where}`),
  ]);
  const total = Number(counted[0]?.total ?? 0);
  return { rows, meta: { limit: paging.limit, page: paging.page, start, has_more: start + rows.length < total, total } };
}
