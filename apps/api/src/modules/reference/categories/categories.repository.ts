import type { CategoryFeatureRow, CategoryObjectRow, CategoryType } from '@app/contracts/catalogue';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { CATEGORY_OBJECTS } from './category-objects';

export interface CategoryRow {
  id: number;
  type: CategoryType;
  name: string;
  code: string;
  description: string | null;
  parent_id: number | null;
  position: number;
  active: boolean;
}

const COLUMNS = sql`id, type, name, code, description, parent_id, position, active`;
const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
const sameParent = (parentId: number | null): SQL => (parentId === null ? sql`parent_id IS NULL` : sql`parent_id = ${parentId}`);

export async function findCategory(db: Database, id: number): Promise<CategoryRow | null> {
  const [row] = await db.rows<CategoryRow>(sql`SELECT ${COLUMNS} FROM categories WHERE id = ${id}`);
  return row ?? null;
}

/** The ids of `id` and every category above it, nearest first (bounded: a broken chain cannot loop). */
export async function lineageIds(db: Database, id: number): Promise<number[]> {
  const rows = await db.rows<{ id: number }>(sql`
    WITH RECURSIVE up(id, parent_id, depth) AS (
      SELECT id, parent_id, 0 FROM categories WHERE id = ${id}
      UNION ALL
      SELECT c.id, c.parent_id, up.depth + 1 FROM categories c JOIN up ON c.id = up.parent_id WHERE up.depth < 100
    )
    SELECT id FROM up ORDER BY depth`);
  return rows.map((r) => r.id);
}

/** The position after the last sibling under `parentId` (null: the kind's roots). */
export async function nextPosition(db: Database, type: CategoryType, parentId: number | null): Promise<number> {
  const [row] = await db.rows<{ n: number }>(sql`SELECT COALESCE(max(position) + 1, 0)::int AS n FROM categories WHERE type = ${type} AND ${sameParent(parentId)}`);
  return row?.n ?? 0;
}

export async function countChildren(db: Database, id: number): Promise<number> {
  const [row] = await db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM categories WHERE parent_id = ${id}`);
  return row?.n ?? 0;
}

/** Records of the category's kind filed right under it (not deleted). */
export async function countObjects(db: Database, type: CategoryType, id: number): Promise<number> {
  const spec = CATEGORY_OBJECTS[type];
  const [row] = await db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.raw(spec.table)} o WHERE o.category_id = ${id} AND ${spec.alive}`);
  return row?.n ?? 0;
}

/** Every category of a kind, in tree order material (position, then name). */
export async function categoriesOfType(db: Database, type: CategoryType, activeOnly: boolean): Promise<CategoryRow[]> {
  return db.rows<CategoryRow>(sql`
    SELECT ${COLUMNS} FROM categories WHERE type = ${type} ${activeOnly ? sql`AND active` : sql``}
    ORDER BY position, lower(name), id`);
}

/** Category id → number of records filed right under it, for one kind. */
export async function objectCountsOfType(db: Database, type: CategoryType): Promise<Map<number, number>> {
  const spec = CATEGORY_OBJECTS[type];
  const rows = await db.rows<{ id: number; n: number }>(sql`
    SELECT o.category_id AS id, count(*)::int AS n FROM ${sql.raw(spec.table)} o
    JOIN categories k ON k.id = o.category_id AND k.type = ${type}
    WHERE ${spec.alive} GROUP BY o.category_id`);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** The ids of the children of `parentId` of `type`, locked for a reorder. */
export async function lockSiblings(tx: Database, type: CategoryType, parentId: number | null): Promise<number[]> {
  const rows = await tx.rows<{ id: number }>(sql`SELECT id FROM categories WHERE type = ${type} AND ${sameParent(parentId)} ORDER BY id FOR UPDATE`);
  return rows.map((r) => r.id);
}

/** Gives each id its index in `ids` as position (one statement). */
export async function setPositions(tx: Database, ids: number[]): Promise<void> {
  await tx.rows(sql`
    UPDATE categories c SET position = o.ord - 1, updated_at = now()
    FROM unnest(${`{${ids.join(',')}}`}::int[]) WITH ORDINALITY AS o(id, ord)
    WHERE c.id = o.id`);
}

export interface ObjectsFilter {
  q?: string;
  page: number;
  limit: number;
  /** `filed`: the records under the category; `candidates`: the kind's other records (to file). */
  scope: 'filed' | 'candidates';
}

/** One page of records of the kind, filed under `categoryId` or not, with the total. */
export async function listObjects(
  db: Database,
  type: CategoryType,
  categoryId: number,
  filter: ObjectsFilter,
): Promise<{ rows: CategoryObjectRow[]; total: number }> {
  const spec = CATEGORY_OBJECTS[type];
  const where: SQL[] = [spec.alive, filter.scope === 'filed' ? sql`o.category_id = ${categoryId}` : sql`o.category_id IS DISTINCT FROM ${categoryId}`];
  if (filter.q) where.push(sql`${spec.label} ILIKE ${escapeLike(filter.q)}`);
  const condition = sql.join(where, sql` AND `);
  const [count] = await db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${spec.from} WHERE ${condition}`);
  const rows = await db.rows<CategoryObjectRow>(sql`
    SELECT ${spec.select} FROM ${spec.from} WHERE ${condition}
    ORDER BY lower(${spec.label}), o.id LIMIT ${filter.limit} OFFSET ${(filter.page - 1) * filter.limit}`);
  return { rows, total: count?.n ?? 0 };
}

/** Files the records `ids` of the kind under `categoryId`; the number of records found. */
export async function fileObjects(tx: Database, type: CategoryType, categoryId: number, ids: number[]): Promise<number> {
  const spec = CATEGORY_OBJECTS[type];
  const rows = await tx.rows<{ id: number }>(sql`
    UPDATE ${sql.raw(spec.table)} o SET category_id = ${categoryId}, updated_at = now()
    WHERE o.id = ANY(${`{${ids.join(',')}}`}::int[]) AND ${spec.alive} RETURNING o.id`);
  return rows.length;
}

/** Takes one record out of the category; false when it was not filed there. */
export async function unfileObject(db: Database, type: CategoryType, categoryId: number, objectId: number): Promise<boolean> {
  const spec = CATEGORY_OBJECTS[type];
  const rows = await db.rows<{ id: number }>(sql`
    UPDATE ${sql.raw(spec.table)} o SET category_id = NULL, updated_at = now()
    WHERE o.id = ${objectId} AND o.category_id = ${categoryId} RETURNING o.id`);
  return rows.length > 0;
}

/** Every feature, with what the company category gives of it. */
export async function listCategoryFeatures(db: Database, categoryId: number, featureId?: number): Promise<CategoryFeatureRow[]> {
  return db.rows<CategoryFeatureRow>(sql`
    SELECT f.id, f.slug, f.name, f.description, cf.category_id IS NOT NULL AS included, cf.limit_value
    FROM features f LEFT JOIN category_features cf ON cf.feature_id = f.id AND cf.category_id = ${categoryId}
    ${featureId === undefined ? sql`` : sql`WHERE f.id = ${featureId}`}
    ORDER BY f.id`);
}

export async function upsertCategoryFeature(db: Database, categoryId: number, featureId: number, limit: number | null): Promise<void> {
  await db.rows(sql`
    INSERT INTO category_features (category_id, feature_id, limit_value) VALUES (${categoryId}, ${featureId}, ${limit})
    ON CONFLICT (category_id, feature_id) DO UPDATE SET limit_value = EXCLUDED.limit_value`);
}

export async function deleteCategoryFeature(db: Database, categoryId: number, featureId: number): Promise<boolean> {
  const rows = await db.rows<{ id: number }>(sql`
    DELETE FROM category_features WHERE category_id = ${categoryId} AND feature_id = ${featureId} RETURNING feature_id AS id`);
  return rows.length > 0;
}

/** Companies (not deleted) filed under the category or one of its subcategories. */
export async function countCompaniesUnder(db: Database, categoryId: number): Promise<number> {
  const [row] = await db.rows<{ n: number }>(sql`
    WITH RECURSIVE down(id) AS (SELECT ${categoryId}::int UNION SELECT c.id FROM categories c JOIN down ON c.parent_id = down.id)
    SELECT count(*)::int AS n FROM companies WHERE category_id IN (SELECT id FROM down) AND deleted_at IS NULL`);
  return row?.n ?? 0;
}
