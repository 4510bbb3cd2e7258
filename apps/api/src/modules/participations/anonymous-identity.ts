import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../http/actor';
import type { ParsedFilterGroup, ParsedQuery, QueryScope, ResourceQueryDef } from '../../http/query';

/** Columns and relations that tell who answered (or who filled in for them). */
const IDENTITY_COLUMNS = new Set(['user_id', 'agent_id', 'participant_id']);
const IDENTITY_RELATIONS = new Set(['user', 'agent', 'participant', 'contributors', 'contributions']);

function groupsTouchIdentity(groups: ParsedFilterGroup[]): boolean {
  return groups.some((g) => g.filters.some((f) => IDENTITY_COLUMNS.has(f.key)));
}

/**
 * Whether the query selects, counts or orders rows by who answered: identity columns in
 * filters, sort or group_by, or identity relations in wherehas and load. Masking the
 * output cannot hide that (a group per user_id, a filter that matches), so such queries
 * must not see anonymous surveys' rows at all.
 */
export function touchesIdentity(query: ParsedQuery): boolean {
  return (
    groupsTouchIdentity(query.filterGroups) ||
    query.sort.some((s) => IDENTITY_COLUMNS.has(s.key)) ||
    (query.groupBy ?? []).some((key) => IDENTITY_COLUMNS.has(key)) ||
    query.wherehas.some((w) => IDENTITY_RELATIONS.has(w.relation)) ||
    query.load.some((l) => IDENTITY_RELATIONS.has(l.relation))
  );
}

/**
 * The condition that keeps anonymous surveys' participations out of an identity query,
 * except the caller's own: `survey_id NOT IN (anonymous) OR user_id = caller`. Null when
 * no anonymous survey is in reach.
 */
export async function excludeAnonymousSurveys(
  ctx: RequestContext,
  def: ResourceQueryDef,
  scope: QueryScope,
): Promise<ParsedFilterGroup | null> {
  const company = scope.companyId === null ? sql`TRUE` : sql`company_id = ${scope.companyId}`;
  const rows = await ctx.db.rows<{ id: number }>(sql`SELECT id FROM surveys WHERE ${company} AND (settings->>'anonymous') = 'true'`);
  if (rows.length === 0) return null;
  return {
    or: true,
    filters: [
      { key: 'survey_id', field: def.fields.survey_id, operator: 'in', value: { kind: 'list', values: rows.map((r) => Number(r.id)), withNull: false }, not: true },
      { key: 'user_id', field: def.fields.user_id, operator: 'eq', value: { kind: 'scalar', value: ctx.actor?.userId ?? 0 }, not: false },
    ],
  };
}
