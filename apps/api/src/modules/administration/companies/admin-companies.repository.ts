import type { AdminCompaniesFilter, AdminCompanyRow } from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { inCategorySubtree } from '../../reference/categories/category-subtree.sql';

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The package a company is on now: its active subscription, else the default package. */
export const CURRENT_PACKAGE = sql`
  LEFT JOIN LATERAL (
    SELECT p.id, p.name FROM packages p
    WHERE p.id = COALESCE(
      (SELECT s.package_id FROM subscriptions s WHERE s.company_id = c.id AND s.status = 'active' ORDER BY s.starts_at DESC NULLS LAST, s.id DESC LIMIT 1),
      (SELECT d.id FROM packages d WHERE d.is_default ORDER BY d.id LIMIT 1))
  ) pk ON TRUE`;

function companiesWhere(filter: Omit<AdminCompaniesFilter, 'page' | 'limit' | 'sort'>): SQL {
  const parts: SQL[] = [sql`c.deleted_at IS NULL`];
  if (filter.q) {
    const like = escapeLike(filter.q);
    parts.push(sql`(c.name ILIKE ${like} OR c.code ILIKE ${like} OR c.email ILIKE ${like})`);
  }
  if (filter.sector_id) parts.push(sql`c.sector_id = ${filter.sector_id}`);
  if (filter.category_id) parts.push(inCategorySubtree(sql`c.category_id`, filter.category_id));
  if (filter.town_id) parts.push(sql`c.zone_id = ${filter.town_id}`);
  if (filter.status) parts.push(sql`c.status = ${filter.status}`);
  if (filter.package_id) parts.push(sql`pk.id = ${filter.package_id}`);
  return sql.join(parts, sql` AND `);
}

const ORDER: Record<AdminCompaniesFilter['sort'], SQL> = {
  name: sql`lower(c.name) ASC, c.id ASC`,
  '-name': sql`lower(c.name) DESC, c.id DESC`,
  code: sql`c.code ASC`,
  '-code': sql`c.code DESC`,
  created_at: sql`c.created_at ASC, c.id ASC`,
  '-created_at': sql`c.created_at DESC, c.id DESC`,
  '-agents': sql`agents DESC, c.id ASC`,
  '-participations': sql`participations DESC, c.id ASC`,
};

const count = (table: string, extra = '') =>
  sql.raw(`(SELECT count(*)::int FROM ${table} x WHERE x.company_id = c.id AND x.deleted_at IS NULL${extra})`);

/**
 * One page of companies with their counts. The page is chosen first (its rows only get
 * counted) unless the sort is by a count, which needs every company's count.
 */
export async function listAdminCompanies(db: Database, filter: Omit<AdminCompaniesFilter, 'page' | 'limit'>, limit: number, offset: number): Promise<AdminCompanyRow[]> {
  const byCount = filter.sort === '-agents' || filter.sort === '-participations';
  const base = sql`
    SELECT c.id, c.name, c.code, c.email, c.phone, c.status, c.created_at, c.sector_id, se.name AS sector, c.category_id, ca.name AS category,
           c.zone_id AS town_id, z.name AS town, pk.id AS package_id, pk.name AS package
    FROM companies c
    LEFT JOIN sectors se ON se.id = c.sector_id
    LEFT JOIN categories ca ON ca.id = c.category_id
    LEFT JOIN zones z ON z.id = c.zone_id
    ${CURRENT_PACKAGE}
    WHERE ${companiesWhere(filter)}`;
  const counts = sql`${count('agents')} AS agents, ${count('sites')} AS sites, ${count('surveys', ' AND NOT x.is_template')} AS surveys,
    ${count('participations')} AS participations`;
  if (byCount) {
    return db.rows<AdminCompanyRow>(sql`
      SELECT * FROM (SELECT b.*, ${counts} FROM (${base}) b JOIN companies c ON c.id = b.id) c
      ORDER BY ${ORDER[filter.sort]} LIMIT ${limit} OFFSET ${offset}`);
  }
  return db.rows<AdminCompanyRow>(sql`
    WITH page AS MATERIALIZED (${base} ORDER BY ${ORDER[filter.sort]} LIMIT ${limit} OFFSET ${offset})
    SELECT page.*, ${counts} FROM page JOIN companies c ON c.id = page.id
    ORDER BY ${sql.raw(orderOnPage(filter.sort))}`);
}

/** The same order, written against the page's columns. */
function orderOnPage(sort: AdminCompaniesFilter['sort']): string {
  const map: Record<string, string> = {
    name: 'lower(page.name) ASC, page.id ASC',
    '-name': 'lower(page.name) DESC, page.id DESC',
    code: 'page.code ASC',
    '-code': 'page.code DESC',
    created_at: 'page.created_at ASC, page.id ASC',
    '-created_at': 'page.created_at DESC, page.id DESC',
  };
  return map[sort] ?? 'page.id';
}

export async function countAdminCompanies(db: Database, filter: Omit<AdminCompaniesFilter, 'page' | 'limit' | 'sort'>): Promise<number> {
  const [row] = await db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM companies c ${CURRENT_PACKAGE} WHERE ${companiesWhere(filter)}`);
  return row.n;
}
