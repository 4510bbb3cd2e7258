import { type SQL, sql } from 'drizzle-orm';

/**
 * `column` is the category or one below it: the one rule of every back-office filter by
 * category (companies, articles), so choosing a parent finds what is filed under its children.
 */
export function inCategorySubtree(column: SQL, categoryId: number): SQL {
  return sql`${column} IN (
      WITH RECURSIVE down(id) AS (SELECT ${categoryId}::int UNION SELECT k.id FROM categories k JOIN down ON k.parent_id = down.id)
      SELECT id FROM down)`;
}
