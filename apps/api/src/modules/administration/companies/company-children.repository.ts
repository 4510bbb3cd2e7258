import type { AdminChildFilter, AdminCompanyChild } from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

/**
 * The lists inside a company the admin opens (its people, sites, workspaces, surveys,
 * templates, invoices, transactions, default questions): one row shape for all
 * (`name`, `detail`, `status`), each read with the company id in its WHERE clause.
 */
interface ChildSpec {
  /** FROM … WHERE company filter, `x` the row; `${company}` is bound by the caller. */
  from: (companyId: number) => SQL;
  columns: SQL;
  search: SQL;
  /** Restricts to one site when the filter names one. */
  site?: (siteId: number) => SQL;
  order: SQL;
}

const agentFrom = (companyId: number, role: SQL) => sql`
  agents x JOIN users u ON u.id = x.user_id
  WHERE x.company_id = ${companyId} AND x.deleted_at IS NULL ${role}`;
const partnerRole = sql`EXISTS (SELECT 1 FROM agent_roles ar JOIN roles r ON r.id = ar.role_id WHERE ar.agent_id = x.id AND r.slug = 'partner' AND r.company_id IS NULL)`;
const agentColumns = sql`x.id, trim(concat_ws(' ', coalesce(x.first_name, u.first_name), coalesce(x.last_name, u.last_name))) AS name,
  concat_ws(' · ', x.job, coalesce(x.email, u.email), coalesce(x.phone, u.phone)) AS detail, x.status, x.created_at, u.id AS user_id`;

const SPECS: Record<AdminCompanyChild, ChildSpec> = {
  agents: {
    from: (id) => agentFrom(id, sql`AND NOT ${partnerRole}`),
    columns: agentColumns,
    search: sql`concat_ws(' ', u.first_name, u.last_name, u.email, u.phone, x.job)`,
    site: (siteId) => sql`EXISTS (SELECT 1 FROM site_agents sa WHERE sa.agent_id = x.id AND sa.site_id = ${siteId})`,
    order: sql`x.id`,
  },
  partners: {
    from: (id) => agentFrom(id, sql`AND ${partnerRole}`),
    columns: agentColumns,
    search: sql`concat_ws(' ', u.first_name, u.last_name, u.email, u.phone, x.job)`,
    site: (siteId) => sql`EXISTS (SELECT 1 FROM site_agents sa WHERE sa.agent_id = x.id AND sa.site_id = ${siteId})`,
    order: sql`x.id`,
  },
  customers: {
    // People served by the company without being its members: its invoices' customers and its respondents.
    from: (id) => sql`users x WHERE x.deleted_at IS NULL
      AND (EXISTS (SELECT 1 FROM invoices i WHERE i.company_id = ${id} AND i.customer_user_id = x.id)
        OR EXISTS (SELECT 1 FROM participations p WHERE p.company_id = ${id} AND p.user_id = x.id AND p.deleted_at IS NULL))
      AND NOT EXISTS (SELECT 1 FROM agents a WHERE a.company_id = ${id} AND a.user_id = x.id AND a.deleted_at IS NULL)`,
    columns: sql`x.id, trim(concat_ws(' ', x.first_name, x.last_name)) AS name, concat_ws(' · ', x.email, x.phone) AS detail, x.status, x.created_at, x.id AS user_id`,
    search: sql`concat_ws(' ', x.first_name, x.last_name, x.email, x.phone)`,
    order: sql`x.id`,
  },
  sites: {
    from: (id) => sql`sites x LEFT JOIN zones z ON z.id = x.zone_id WHERE x.company_id = ${id} AND x.deleted_at IS NULL`,
    columns: sql`x.id, x.name, concat_ws(' · ', x.code, z.name, x.address) AS detail, x.status, x.created_at`,
    search: sql`concat_ws(' ', x.name, x.code, x.address)`,
    order: sql`lower(x.name), x.id`,
  },
  workspaces: {
    from: (id) => sql`workspaces x JOIN sites s ON s.id = x.site_id WHERE x.company_id = ${id} AND x.deleted_at IS NULL`,
    columns: sql`x.id, x.name, concat_ws(' · ', x.code, x.kind, s.name) AS detail, x.status, x.created_at, x.site_id`,
    search: sql`concat_ws(' ', x.name, x.code)`,
    site: (siteId) => sql`x.site_id = ${siteId}`,
    order: sql`lower(x.name), x.id`,
  },
  surveys: {
    from: (id) => sql`surveys x WHERE x.company_id = ${id} AND x.deleted_at IS NULL AND NOT x.is_template`,
    columns: sql`x.id, x.title AS name, concat_ws(' · ', x.type, x.code) AS detail, x.status, x.created_at`,
    search: sql`concat_ws(' ', x.title, x.code)`,
    site: (siteId) => sql`EXISTS (SELECT 1 FROM site_surveys ss WHERE ss.survey_id = x.id AND ss.site_id = ${siteId})`,
    order: sql`x.id DESC`,
  },
  templates: {
    from: (id) => sql`surveys x WHERE x.company_id = ${id} AND x.deleted_at IS NULL AND x.is_template`,
    columns: sql`x.id, x.title AS name, x.type AS detail, x.status, x.created_at`,
    search: sql`x.title`,
    order: sql`x.id DESC`,
  },
  invoices: {
    from: (id) => sql`invoices x WHERE x.company_id = ${id}`,
    columns: sql`x.id, concat('N° ', x.number, ' · ', x.customer_name) AS name, concat(x.total, ' ', x.currency) AS detail, x.status, x.created_at`,
    search: sql`concat_ws(' ', x.number::text, x.customer_name, x.code)`,
    order: sql`x.id DESC`,
  },
  transactions: {
    from: (id) => sql`transactions x WHERE x.company_id = ${id}`,
    columns: sql`x.id, concat(x.provider, ' · ', x.payer_phone) AS name, concat(x.amount, ' ', x.currency, ' · ', x.kind) AS detail, x.status, x.created_at`,
    search: sql`concat_ws(' ', x.payer_phone, x.provider_reference)`,
    order: sql`x.id DESC`,
  },
  questions: {
    from: (id) => sql`questions x WHERE x.company_id = ${id} AND x.survey_id IS NULL AND x.default_for IS NOT NULL`,
    columns: sql`x.id, x.label AS name, concat(x.default_for, ' · ', x.type) AS detail, x.state AS status, x.created_at, x.default_for`,
    search: sql`x.label`,
    order: sql`x.default_for, x.position, x.id`,
  },
};

export interface ChildRow {
  id: number;
  name: string;
  detail: string | null;
  status: string;
  created_at: string;
  user_id?: number;
  site_id?: number;
}

function childWhere(spec: ChildSpec, filter: Omit<AdminChildFilter, 'page' | 'limit'>, type?: string): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filter.q) parts.push(sql`${spec.search} ILIKE ${`%${filter.q.replace(/[\\%_]/g, '\\$&')}%`}`);
  if (filter.site_id && spec.site) parts.push(spec.site(filter.site_id));
  if (type) parts.push(sql`x.default_for = ${type}`);
  return sql.join(parts, sql` AND `);
}

/** One page of a company's list (one row more than asked says whether more follow). */
export async function listCompanyChild(db: Database, companyId: number, child: AdminCompanyChild, filter: AdminChildFilter, type?: string): Promise<ChildRow[]> {
  const spec = SPECS[child];
  return db.rows<ChildRow>(sql`
    SELECT ${spec.columns} FROM ${spec.from(companyId)} AND ${childWhere(spec, filter, type)}
    ORDER BY ${spec.order} LIMIT ${filter.limit + 1} OFFSET ${filter.page * filter.limit}`);
}

/** Columns never shown, even to the admin (secrets of the payment callbacks). */
const HIDDEN = ['password_hash', 'callback_secret_hash', 'provider_data'];

/** One row of a company's list, with every column of its table, or null (another company's). */
export async function getCompanyChild(db: Database, companyId: number, child: AdminCompanyChild, rowId: number): Promise<(ChildRow & Record<string, unknown>) | null> {
  const spec = SPECS[child];
  const [row] = await db.rows<ChildRow & { record: Record<string, unknown> }>(sql`
    SELECT ${spec.columns}, to_jsonb(x) AS record FROM ${spec.from(companyId)} AND x.id = ${rowId}`);
  if (!row) return null;
  const { record, ...summary } = row;
  for (const key of HIDDEN) delete record[key];
  return { ...record, ...summary };
}
