import type { AdminArticlesQuery, AdminSurveysQuery } from '@app/contracts/admin-catalogue';
import type { AcrossDetail, AcrossFactKey, AcrossKind, AcrossRow, AdminListQuery } from '@app/contracts/admin-platform';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { likePattern, pageOf } from '../admin-users/admin-list';
import { inCategorySubtree } from '../../reference/categories/category-subtree.sql';

/**
 * How each object is listed across companies: its table (alias `o`, joined to its
 * company `c`), the row's columns, what the search looks in, and the facts its page shows.
 */
interface KindSpec {
  from: SQL;
  /** Columns of AcrossRow but company_*, in this order: name, detail, figure, status. */
  row: SQL;
  search: (like: string) => SQL;
  /** Extra facts of the object's page: key → SQL text expression. */
  facts: Partial<Record<AcrossFactKey, SQL>>;
  /** The page's children (id, name, detail) for one object. */
  children?: (id: number) => SQL;
  softDelete: boolean;
  /** The kind's own filters (its query schema names them: ACROSS_QUERIES in the routes). */
  filters?: (query: AcrossQuery) => SQL[];
}

/** Every kind's query: the common paging, search and company, and the filters of surveys and articles. */
export type AcrossQuery = AdminListQuery & Partial<Omit<AdminSurveysQuery, keyof AdminListQuery>> & Partial<Omit<AdminArticlesQuery, keyof AdminListQuery>>;

const agentName = (alias: string) => sql.raw(`nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), '')`);

const SPECS: Record<AcrossKind, KindSpec> = {
  sites: {
    from: sql`FROM sites o JOIN companies c ON c.id = o.company_id`,
    row: sql`o.name, o.code AS detail, (SELECT count(*)::int FROM workspaces w WHERE w.site_id = o.id AND w.deleted_at IS NULL) AS figure, o.status`,
    search: (like) => sql`(o.name ILIKE ${like} OR o.code ILIKE ${like})`,
    facts: {
      code: sql`o.code`,
      address: sql`o.address`,
      town: sql`(SELECT z.name FROM zones z WHERE z.id = o.zone_id)`,
      coordinates: sql`CASE WHEN o.latitude IS NULL THEN NULL ELSE concat(o.latitude, ', ', o.longitude) END`,
      manager: sql`(SELECT ${agentName('a')} FROM agents a WHERE a.id = o.manager_agent_id)`,
    },
    children: (id) => sql`SELECT w.id, w.name, w.code AS detail FROM workspaces w WHERE w.site_id = ${id} AND w.deleted_at IS NULL ORDER BY w.name LIMIT 100`,
    softDelete: true,
  },
  workspaces: {
    from: sql`FROM workspaces o JOIN companies c ON c.id = o.company_id JOIN sites s ON s.id = o.site_id`,
    row: sql`o.name, s.name AS detail, NULL::int AS figure, o.status`,
    search: (like) => sql`(o.name ILIKE ${like} OR o.code ILIKE ${like} OR s.name ILIKE ${like})`,
    facts: { code: sql`o.code`, kind: sql`o.kind`, site: sql`s.name` },
    softDelete: true,
  },
  groups: {
    from: sql`FROM groups o JOIN companies c ON c.id = o.company_id LEFT JOIN sites s ON s.id = o.site_id`,
    row: sql`o.name, s.name AS detail, (SELECT count(*)::int FROM group_members gm WHERE gm.group_id = o.id) AS figure, NULL AS status`,
    search: (like) => sql`(o.name ILIKE ${like} OR o.description ILIKE ${like})`,
    facts: { description: sql`o.description`, site: sql`s.name`, members: sql`(SELECT count(*)::text FROM group_members gm WHERE gm.group_id = o.id)` },
    children: (id) => sql`SELECT a.id, coalesce(${agentName('a')}, a.email, '#' || a.id) AS name, a.job AS detail FROM group_members gm JOIN agents a ON a.id = gm.agent_id WHERE gm.group_id = ${id} ORDER BY 2 LIMIT 100`,
    softDelete: true,
  },
  reports: {
    from: sql`FROM reports o JOIN companies c ON c.id = o.company_id JOIN monitors m ON m.id = o.monitor_id JOIN surveys sv ON sv.id = m.survey_id LEFT JOIN agents ra ON ra.id = o.agent_id`,
    row: sql`sv.title AS name, concat_ws(' · ', m.target_kind, ${agentName('ra')}) AS detail, o.score AS figure, NULL AS status`,
    search: (like) => sql`(sv.title ILIKE ${like} OR o.comment ILIKE ${like} OR concat_ws(' ', ra.first_name, ra.last_name) ILIKE ${like})`,
    facts: { survey: sql`sv.title`, target: sql`m.target_kind`, agent: sql`${agentName('ra')}`, score: sql`o.score::text`, comment: sql`o.comment` },
    softDelete: false,
  },
  audiences: {
    from: sql`FROM audiences o JOIN companies c ON c.id = o.company_id LEFT JOIN audiences p ON p.id = o.parent_id`,
    row: sql`o.name, o.population AS detail, (SELECT count(*)::int FROM audiences sub WHERE sub.parent_id = o.id AND sub.deleted_at IS NULL) AS figure, o.mode AS status`,
    search: (like) => sql`(o.name ILIKE ${like} OR o.description ILIKE ${like})`,
    facts: { description: sql`o.description`, population: sql`o.population`, mode: sql`o.mode`, parent: sql`p.name` },
    children: (id) => sql`SELECT sub.id, sub.name, sub.mode AS detail FROM audiences sub WHERE sub.parent_id = ${id} AND sub.deleted_at IS NULL ORDER BY sub.name LIMIT 100`,
    softDelete: true,
  },
  contacts: {
    from: sql`FROM contacts o JOIN companies c ON c.id = o.company_id`,
    row: sql`o.name, coalesce(o.organisation, o.email, o.phone) AS detail, NULL::int AS figure, NULL AS status`,
    search: (like) => sql`(o.name ILIKE ${like} OR o.organisation ILIKE ${like} OR o.email ILIKE ${like} OR o.phone ILIKE ${like})`,
    facts: { organisation: sql`o.organisation`, phone: sql`o.phone`, email: sql`o.email`, town: sql`(SELECT z.name FROM zones z WHERE z.id = o.zone_id)`, notes: sql`o.notes` },
    softDelete: true,
  },
  // Every company's surveys (platform templates have no company: mnt/templates shows them).
  // Templates of companies only with `templates=yes`.
  surveys: {
    from: sql`FROM surveys o JOIN companies c ON c.id = o.company_id`,
    row: sql`o.title AS name, concat_ws(' · ', o.code, o.type) AS detail, (SELECT count(*)::int FROM participations p WHERE p.survey_id = o.id) AS figure, o.status`,
    search: (like) => sql`(o.title ILIKE ${like} OR o.code ILIKE ${like} OR o.description ILIKE ${like})`,
    facts: {
      code: sql`o.code`,
      type: sql`o.type`,
      target: sql`o.target_kind`,
      template: sql`CASE WHEN o.is_template THEN 'yes' END`,
      author: sql`(SELECT coalesce(${agentName('a')}, a.email) FROM agents a WHERE a.id = o.author_agent_id)`,
      description: sql`o.description`,
      published: sql`to_char(o.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      questions: sql`(SELECT count(*)::text FROM questions q WHERE q.survey_id = o.id)`,
      rejection: sql`CASE WHEN o.status = 'rejected' THEN o.rejection_comment END`,
    },
    children: (id) => sql`
      SELECT q.id, q.label AS name, concat_ws(' · ', st.title, q.type) AS detail
      FROM questions q JOIN steps st ON st.id = q.step_id
      WHERE q.survey_id = ${id} ORDER BY st.position, st.id, q.position, q.id LIMIT 100`,
    softDelete: true,
    filters: (query) => [
      sql`o.is_template = ${query.templates === 'yes'}`,
      ...(query.type ? [sql`o.type = ${query.type}`] : []),
      ...(query.status ? [sql`o.status = ${query.status}`] : []),
    ],
  },
  articles: {
    from: sql`FROM articles o JOIN companies c ON c.id = o.company_id LEFT JOIN categories cat ON cat.id = o.category_id`,
    row: sql`o.name, cat.name AS detail, (SELECT count(*)::int FROM bookings b WHERE b.article_id = o.id) AS figure, CASE WHEN o.active THEN 'active' ELSE 'inactive' END AS status`,
    search: (like) => sql`(o.name ILIKE ${like} OR o.description ILIKE ${like})`,
    facts: {
      kind: sql`o.kind`,
      category: sql`cat.name`,
      price: sql`concat(o.price, ' ', o.currency)`,
      stock: sql`o.stock::text`,
      description: sql`o.description`,
      bookings: sql`(SELECT count(*)::text FROM bookings b WHERE b.article_id = o.id)`,
    },
    children: (id) => sql`
      SELECT b.id, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email, '#' || u.id) AS name,
             concat(b.quantity, ' × · ', CASE b.status WHEN 'pending' THEN 'en attente' WHEN 'confirmed' THEN 'confirmée' ELSE 'annulée' END,
                    ' · ', to_char(b.created_at AT TIME ZONE 'UTC', 'DD/MM/YYYY')) AS detail
      FROM bookings b JOIN users u ON u.id = b.customer_user_id
      WHERE b.article_id = ${id} ORDER BY b.created_at DESC, b.id DESC LIMIT 100`,
    softDelete: true,
    filters: (query) => [
      // A parent category finds the articles of its children too.
      ...(query.category_id ? [inCategorySubtree(sql`o.category_id`, query.category_id)] : []),
      ...(query.kind ? [sql`o.kind = ${query.kind}`] : []),
    ],
  },
};

const ROW = (spec: KindSpec) => sql`SELECT o.id, ${spec.row}, c.id AS company_id, c.name AS company_name, o.created_at`;

function conditions(spec: KindSpec, query: AcrossQuery): SQL[] {
  const where: SQL[] = [sql`c.deleted_at IS NULL`];
  if (spec.softDelete) where.push(sql`o.deleted_at IS NULL`);
  if (query.company_id) where.push(sql`o.company_id = ${query.company_id}`);
  if (query.q) where.push(spec.search(likePattern(query.q)));
  if (spec.filters) where.push(...spec.filters(query));
  return where;
}

export function listAcross(db: Database, kind: AcrossKind, query: AcrossQuery) {
  const spec = SPECS[kind];
  return pageOf<AcrossRow>(db, { select: ROW(spec), from: spec.from, where: conditions(spec, query), order: sql`o.created_at DESC, o.id DESC` }, query);
}

export async function findAcross(db: Database, kind: AcrossKind, id: number): Promise<AcrossDetail | null> {
  const spec = SPECS[kind];
  const keys = Object.keys(spec.facts) as AcrossFactKey[];
  const factColumns = keys.map((key) => sql`${spec.facts[key]} AS ${sql.identifier(`fact_${key}`)}`);
  // The detail of a survey opens templates as well (surveys/{action}/templates/{template}).
  const where = [...conditions({ ...spec, filters: undefined }, {} as AcrossQuery), sql`o.id = ${id}`];
  const [row] = await db.rows<Record<string, unknown>>(sql`${ROW(spec)}, ${sql.join(factColumns, sql`, `)} ${spec.from} WHERE ${sql.join(where, sql` AND `)}`);
  if (!row) return null;
  const facts = keys.filter((key) => row[`fact_${key}`] != null && row[`fact_${key}`] !== '').map((key) => ({ key, value: String(row[`fact_${key}`]) }));
  const base = Object.fromEntries(Object.entries(row).filter(([key]) => !key.startsWith('fact_'))) as unknown as AcrossRow;
  const children = spec.children ? await db.rows<AcrossDetail['children'][number]>(spec.children(id)) : [];
  return { ...base, facts, children };
}
