import type { CategoryType } from '@app/contracts/catalogue';
import { type SQL, sql } from 'drizzle-orm';

/**
 * What each kind of category files, as SQL over the kind's table (alias `o`): the one place
 * that knows which records a category of each kind holds. `rows` yields id, label,
 * context (where the record lives), company_id and status; `alive` is the condition for a
 * record to count (not deleted, a template for `template`).
 */
export interface CategoryObjectsSpec {
  table: string;
  alive: SQL;
  label: SQL;
  from: SQL;
  select: SQL;
}

const spec = (table: string, alive: string, label: string, from: string, select: string): CategoryObjectsSpec => ({
  table,
  alive: sql.raw(alive),
  label: sql.raw(label),
  from: sql.raw(from),
  select: sql.raw(select),
});

export const CATEGORY_OBJECTS: Record<CategoryType, CategoryObjectsSpec> = {
  template: spec(
    'surveys',
    'o.is_template AND o.deleted_at IS NULL',
    'o.title',
    'surveys o LEFT JOIN companies c ON c.id = o.company_id',
    'o.id, o.title AS label, c.name AS context, o.company_id, o.status',
  ),
  question: spec(
    'questions',
    'NOT EXISTS (SELECT 1 FROM surveys ds WHERE ds.id = o.survey_id AND ds.deleted_at IS NOT NULL)',
    'o.label',
    'questions o LEFT JOIN surveys s ON s.id = o.survey_id LEFT JOIN companies c ON c.id = o.company_id',
    'o.id, o.label, COALESCE(s.title, c.name) AS context, o.company_id, o.state AS status',
  ),
  step: spec(
    'steps',
    'NOT EXISTS (SELECT 1 FROM surveys ds WHERE ds.id = o.survey_id AND ds.deleted_at IS NOT NULL)',
    'o.title',
    'steps o JOIN surveys s ON s.id = o.survey_id',
    'o.id, o.title AS label, s.title AS context, o.company_id, o.state AS status',
  ),
  article: spec(
    'articles',
    'o.deleted_at IS NULL',
    'o.name',
    'articles o JOIN companies c ON c.id = o.company_id',
    "o.id, o.name AS label, c.name AS context, o.company_id, CASE WHEN o.active THEN 'active' ELSE 'inactive' END AS status",
  ),
  company: spec('companies', 'o.deleted_at IS NULL', 'o.name', 'companies o', 'o.id, o.name AS label, o.code AS context, o.id AS company_id, o.status'),
  feature: spec('features', 'TRUE', 'o.name', 'features o', 'o.id, o.name AS label, o.slug AS context, NULL::int AS company_id, NULL::text AS status'),
};
