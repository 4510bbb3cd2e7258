import type { AdminArticleCategories, AdminArticleCategoryRow } from '@app/contracts/admin-catalogue';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

/**
 * The article categories (categories of type `article`, the platform's reference list)
 * with what every live company has filed under each, the articles without one last, and
 * the platform's totals of articles and bookings by status.
 */
export async function articleCategories(db: Database): Promise<AdminArticleCategories> {
  const live = sql`a.deleted_at IS NULL AND EXISTS (SELECT 1 FROM companies c WHERE c.id = a.company_id AND c.deleted_at IS NULL)`;
  const rows = await db.rows<AdminArticleCategoryRow>(sql`
    SELECT cat.id, cat.name, cat.code, cat.parent_id,
           count(DISTINCT a.id)::int AS articles, count(DISTINCT a.company_id)::int AS companies, count(b.id)::int AS bookings
    FROM categories cat
    LEFT JOIN articles a ON a.category_id = cat.id AND ${live}
    LEFT JOIN bookings b ON b.article_id = a.id
    WHERE cat.type = 'article'
    GROUP BY cat.id
    UNION ALL
    SELECT NULL, NULL, NULL, NULL, count(DISTINCT a.id)::int, count(DISTINCT a.company_id)::int, count(b.id)::int
    FROM articles a LEFT JOIN bookings b ON b.article_id = a.id
    WHERE a.category_id IS NULL AND ${live}
    ORDER BY 1 NULLS LAST`);
  const [totals] = await db.rows<AdminArticleCategories['totals']>(sql`
    SELECT count(DISTINCT a.id)::int AS articles, count(DISTINCT a.company_id)::int AS companies, count(b.id)::int AS bookings,
           count(b.id) FILTER (WHERE b.status = 'pending')::int AS pending,
           count(b.id) FILTER (WHERE b.status = 'confirmed')::int AS confirmed,
           count(b.id) FILTER (WHERE b.status = 'cancelled')::int AS cancelled
    FROM articles a LEFT JOIN bookings b ON b.article_id = a.id
    WHERE ${live}`);
  return { rows: rows.filter((r) => r.id !== null || r.articles > 0), totals };
}
