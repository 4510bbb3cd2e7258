import type { SurveyTargetKind } from '@app/contracts/surveys';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

/** An evaluable object as its QR code, its sheet and its public page name it. */
export interface TargetRow {
  id: number;
  name: string;
  photo: string | null;
  site_id: number | null;
  site_name: string | null;
  /** The site's position and geofence (sites and workspaces only). */
  latitude: number | null;
  longitude: number | null;
  geofence_radius_m: number | null;
}

/** At most this many targets on one QR sheet (and in one public company page's list). */
export const TARGET_BATCH_LIMIT = 500;

/**
 * One statement per kind, each returning TargetRow columns for the company's live
 * objects (a workspace lives while its site does: deleting a site leaves its workspaces'
 * rows, which must then open no page and take no evaluation). `where` narrows further (ids, a site); the company is always in the WHERE.
 */
function selectOf(kind: SurveyTargetKind, companyId: number, where: SQL): SQL {
  switch (kind) {
    case 'site':
      return sql`SELECT s.id, s.name, s.photo, s.id AS site_id, s.name AS site_name, s.latitude, s.longitude, s.geofence_radius_m
        FROM sites s WHERE s.company_id = ${companyId} AND s.deleted_at IS NULL AND ${where} ORDER BY s.name, s.id`;
    case 'workspace':
      return sql`SELECT w.id, w.name, s.photo, s.id AS site_id, s.name AS site_name, s.latitude, s.longitude, s.geofence_radius_m
        FROM workspaces w JOIN sites s ON s.id = w.site_id AND s.deleted_at IS NULL
        WHERE w.company_id = ${companyId} AND w.deleted_at IS NULL AND ${where} ORDER BY s.name, w.name, w.id`;
    case 'group':
      return sql`SELECT g.id, g.name, s.photo, s.id AS site_id, s.name AS site_name, s.latitude, s.longitude, s.geofence_radius_m
        FROM groups g LEFT JOIN sites s ON s.id = g.site_id AND s.deleted_at IS NULL
        WHERE g.company_id = ${companyId} AND g.deleted_at IS NULL AND ${where} ORDER BY g.name, g.id`;
    case 'audience':
      return sql`SELECT a.id, a.name, NULL::text AS photo, NULL::int AS site_id, NULL::text AS site_name,
          NULL::float8 AS latitude, NULL::float8 AS longitude, NULL::int AS geofence_radius_m
        FROM audiences a WHERE a.company_id = ${companyId} AND a.deleted_at IS NULL AND ${where} ORDER BY a.name, a.id`;
    case 'agent':
      // An agent's site: the first it is attached to (by site name), for the page's subtitle.
      return sql`SELECT ag.id,
          COALESCE(NULLIF(TRIM(CONCAT_WS(' ', COALESCE(ag.first_name, u.first_name), COALESCE(ag.last_name, u.last_name))), ''), 'Agent ' || ag.id) AS name,
          u.photo, s.id AS site_id, s.name AS site_name, s.latitude, s.longitude, s.geofence_radius_m
        FROM agents ag JOIN users u ON u.id = ag.user_id
        LEFT JOIN LATERAL (
          SELECT s.* FROM site_agents sa JOIN sites s ON s.id = sa.site_id AND s.deleted_at IS NULL
          WHERE sa.agent_id = ag.id ORDER BY s.name, s.id LIMIT 1
        ) s ON true
        WHERE ag.company_id = ${companyId} AND ag.deleted_at IS NULL AND ${where} ORDER BY name, ag.id`;
    case 'company':
      return sql`SELECT c.id, c.name, c.logo AS photo, NULL::int AS site_id, NULL::text AS site_name,
          NULL::float8 AS latitude, NULL::float8 AS longitude, NULL::int AS geofence_radius_m
        FROM companies c WHERE c.id = ${companyId} AND c.deleted_at IS NULL AND ${where}`;
  }
}

const ALIAS: Record<SurveyTargetKind, string> = { site: 's', workspace: 'w', group: 'g', audience: 'a', agent: 'ag', company: 'c' };
const idColumnOf = (kind: SurveyTargetKind) => sql.raw(`${ALIAS[kind]}.id`);

function idList(ids: readonly number[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

/** The company's targets of `kind` among `ids`, in display order (unknown ids left out). */
export async function loadTargets(db: Database, companyId: number, kind: SurveyTargetKind, ids: readonly number[]): Promise<TargetRow[]> {
  if (ids.length === 0) return [];
  return db.rows<TargetRow>(selectOf(kind, companyId, sql`${idColumnOf(kind)} IN (${idList(ids)})`));
}

export async function loadTarget(db: Database, companyId: number, kind: SurveyTargetKind, id: number): Promise<TargetRow | null> {
  return (await loadTargets(db, companyId, kind, [id]))[0] ?? null;
}

/**
 * The company's targets of `kind` attached to a site (the site itself, its workspaces,
 * its groups, its agents), or all of the kind when `siteId` is null; at most `limit`.
 */
export async function listTargets(db: Database, companyId: number, kind: SurveyTargetKind, siteId: number | null, limit = TARGET_BATCH_LIMIT): Promise<TargetRow[]> {
  let where: SQL = sql`true`;
  if (siteId !== null) {
    if (kind === 'site' || kind === 'workspace' || kind === 'group') where = sql`s.id = ${siteId}`;
    else if (kind === 'agent') where = sql`EXISTS (SELECT 1 FROM site_agents x WHERE x.agent_id = ag.id AND x.site_id = ${siteId})`;
    else where = sql`false`;
  }
  return db.rows<TargetRow>(sql`${selectOf(kind, companyId, where)} LIMIT ${limit}`);
}

/** The name column each kind's statement sorts by (searching by name). */
const NAME_COLUMN: Record<SurveyTargetKind, string> = { site: 's.name', workspace: 'w.name', group: 'g.name', audience: 'a.name', agent: "CONCAT_WS(' ', COALESCE(ag.first_name, u.first_name), COALESCE(ag.last_name, u.last_name))", company: 'c.name' };

/**
 * The company's targets of `kind` whose name contains `text` (case and accents as typed),
 * or all when `text` is empty; at most `limit`, in display order.
 */
export async function searchTargets(db: Database, companyId: number, kind: SurveyTargetKind, text: string, limit: number): Promise<TargetRow[]> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = text ? sql`${sql.raw(NAME_COLUMN[kind])} ILIKE ${pattern}` : sql`true`;
  return db.rows<TargetRow>(sql`${selectOf(kind, companyId, where)} LIMIT ${limit}`);
}
