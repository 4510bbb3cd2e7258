import { type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../../http/actor';
import { runListQuery } from '../../../http/query';
import type { IncludeNode, ListResult, ParsedFilterGroup, ParsedQuery, QueryScope, ResourceQueryDef } from '../../../http/query';
import { revealOwnRespondentKeys } from './respondent-key';

/**
 * Surveys whose settings say `anonymous` never tell the company's staff who answered or
 * who helped fill a participation (DOMAIN.md "Anonymous surveys"); each caller still sees
 * their own rows. This file is the one place of that rule for the query-object lists and
 * lookups: participations, contributors, contributions (masked), participants (left out).
 * Answer files need nothing here: who uploaded a file is never exposed, for any survey
 * (medias.query.ts), since a file is sent before the answer that names it.
 */

type Row = Record<string, unknown>;

/**
 * Columns and relations that tell who answered (or who filled in for them). `device_ref`
 * names the phone: the same one across surveys would tie an anonymous answer to a named one.
 * `ref` is the link's referral tag (`/m/su/CODE?ref=emp42`): a company may send one link per
 * person. `src` (the channel: qr, link) names no one and stays.
 */
const IDENTITY_COLUMNS = new Set(['user_id', 'agent_id', 'participant_id', 'device_ref', 'ref']);
const IDENTITY_RELATIONS = new Set(['user', 'agent', 'participant', 'contributors', 'contributions']);

const ANONYMOUS_SURVEYS = sql`SELECT id FROM surveys WHERE (settings->>'anonymous') = 'true'`;

/** How a row that says who took part leads to its survey: directly, or through its participation. */
type SurveyLink = 'survey_id' | 'participation_id';

/** The ids, for each link, whose survey is anonymous. */
const ANONYMOUS_BY_LINK: Record<SurveyLink, SQL> = {
  survey_id: ANONYMOUS_SURVEYS,
  participation_id: sql`SELECT id FROM participations WHERE survey_id IN (${ANONYMOUS_SURVEYS})`,
};

interface IdentityBearer {
  link: SurveyLink;
  /** What is nulled when the row must not say who (relations also lose their `_ids`). */
  keys: readonly string[];
}

/** The tables whose rows say who took part, by table (definition variants keep it). */
const BEARERS: Record<string, IdentityBearer> = {
  participations: {
    link: 'survey_id',
    keys: ['user_id', 'agent_id', 'participant_id', 'device_ref', 'ref', 'user', 'agent', 'participant', 'contributors', 'contributions'],
  },
  contributors: { link: 'survey_id', keys: ['user_id', 'agent_id', 'user', 'agent'] },
  contributions: { link: 'participation_id', keys: ['user_id', 'agent_id', 'user', 'agent'] },
};

const column = (alias: string, name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;

function groupsTouchIdentity(groups: ParsedFilterGroup[]): boolean {
  return groups.some((g) => g.filters.some((f) => IDENTITY_COLUMNS.has(f.key)));
}

function includesTouchIdentity(nodes: IncludeNode[]): boolean {
  return nodes.some((n) => groupsTouchIdentity(n.filterGroups) || includesTouchIdentity(n.children));
}

/**
 * Whether the query selects, counts or orders rows by who answered: identity columns in
 * filters (the wherehas and load ones too), sort or group_by, a search (`input`) over an
 * identity column, or identity relations in wherehas and load. Masking the output cannot
 * hide that (a group per user_id, a filter that matches), so such queries must not see
 * anonymous surveys' rows at all.
 */
export function touchesIdentity(def: ResourceQueryDef, query: ParsedQuery): boolean {
  return (
    groupsTouchIdentity(query.filterGroups) ||
    (query.input !== null && def.searchable.some((key) => IDENTITY_COLUMNS.has(key))) ||
    query.sort.some((s) => IDENTITY_COLUMNS.has(s.key)) ||
    (query.groupBy ?? []).some((key) => IDENTITY_COLUMNS.has(key)) ||
    query.wherehas.some(
      (w) => IDENTITY_RELATIONS.has(w.relation) || (w.filter !== null && IDENTITY_COLUMNS.has(w.filter.key)) || groupsTouchIdentity(w.filterGroups),
    ) ||
    query.load.some((l) => IDENTITY_RELATIONS.has(l.relation) || IDENTITY_COLUMNS.has(l.key) || groupsTouchIdentity(l.filterGroups)) ||
    includesTouchIdentity(query.includes)
  );
}

/**
 * The definition restricted, at its root, to rows outside anonymous surveys or the
 * caller's own (`user_id` = caller). Nested rows are left to masking.
 */
export function excludeAnonymousSurveys(ctx: RequestContext, def: ResourceQueryDef): ResourceQueryDef {
  const bearer = BEARERS[def.table];
  if (!bearer) return def;
  const userId = ctx.actor?.userId ?? null;
  const outer = def.rowFilter;
  return {
    ...def,
    rowFilter: (alias) => {
      const anonymous = sql`COALESCE(${column(alias, bearer.link)} IN (${ANONYMOUS_BY_LINK[bearer.link]}), FALSE)`;
      const own = userId === null ? sql`FALSE` : sql`${column(alias, 'user_id')} = ${userId}`;
      const kept = sql`(NOT ${anonymous} OR ${own})`;
      return outer ? sql`${outer(alias)} AND ${kept}` : kept;
    },
  };
}

/** Participations of surveys that are not anonymous (what a participant's record may show). */
export function namedSurveyParticipation(alias: string): SQL {
  return sql`${column(alias, 'survey_id')} NOT IN (${ANONYMOUS_SURVEYS})`;
}

/**
 * A participant (someone without an account) the company may see: anyone but those who
 * answered anonymous surveys only (participants of anonymous participations with no
 * other participation). Uncorrelated, so the set is computed once per statement.
 */
export function participantKnownByName(alias: string): SQL {
  const onlyAnonymous = sql`SELECT ap.participant_id FROM participations AS ap
    WHERE ap.participant_id IS NOT NULL AND ap.survey_id IN (${ANONYMOUS_SURVEYS})
    AND NOT EXISTS (SELECT 1 FROM participations AS np WHERE np.participant_id = ap.participant_id AND np.survey_id NOT IN (${ANONYMOUS_SURVEYS}))`;
  return sql`${column(alias, 'id')} NOT IN (${onlyAnonymous})`;
}

/** Every row of `rows` and of their embedded relations, with the definition it was read with. */
function collectRows(def: ResourceQueryDef, rows: Row[], out: Array<{ def: ResourceQueryDef; row: Row }>): void {
  for (const row of rows) {
    out.push({ def, row });
    for (const [name, relation] of Object.entries(def.relations ?? {})) {
      const value = row[name];
      if (Array.isArray(value)) collectRows(relation.target(), value as Row[], out);
      else if (value !== null && typeof value === 'object') collectRows(relation.target(), [value as Row], out);
    }
  }
}

/** Among `ids` (of a link), those whose survey is anonymous. */
async function anonymousAmong(ctx: RequestContext, link: SurveyLink, ids: Set<number>): Promise<Set<number>> {
  if (ids.size === 0) return new Set();
  const rows = await ctx.db.rows<{ id: number | string }>(
    sql`SELECT a.id FROM (${ANONYMOUS_BY_LINK[link]}) AS a WHERE a.id = ANY(${sql.param([...ids])})`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * Nulls who answered (and who contributed) in rows of anonymous surveys that are not the
 * caller's own, at every depth of `rows` (includes and load alike). The rows must carry
 * their survey link and `user_id` (see withIdentityKeys).
 */
export async function maskAnonymousIdentity(ctx: RequestContext, def: ResourceQueryDef, rows: Row[]): Promise<void> {
  const found: Array<{ def: ResourceQueryDef; row: Row }> = [];
  collectRows(def, rows, found);
  const bearing = found.filter((f) => BEARERS[f.def.table]);
  const ids: Record<SurveyLink, Set<number>> = { survey_id: new Set(), participation_id: new Set() };
  for (const { def: d, row } of bearing) {
    const link = BEARERS[d.table].link;
    if (typeof row[link] === 'number') ids[link].add(row[link] as number);
  }
  const anonymous = { survey_id: await anonymousAmong(ctx, 'survey_id', ids.survey_id), participation_id: await anonymousAmong(ctx, 'participation_id', ids.participation_id) };
  const callerId = ctx.actor?.userId ?? null;
  // Decide every row before nulling any: a row's own user_id must be read unmasked.
  const masked = bearing.filter(({ def: d, row }) => {
    const link = BEARERS[d.table].link;
    return anonymous[link].has(row[link] as number) && (callerId === null || row.user_id !== callerId);
  });
  for (const { def: d, row } of masked) {
    for (const key of BEARERS[d.table].keys) {
      if (key in row) row[key] = null;
      if (`${key}_ids` in row) row[`${key}_ids`] = null;
    }
  }
}

/** The query with the keys masking reads (survey link, user_id) even when `select` leaves them out. */
export function withIdentityKeys(def: ResourceQueryDef, query: ParsedQuery): ParsedQuery {
  const bearer = BEARERS[def.table];
  if (!bearer || !query.select) return query;
  const missing = [bearer.link, 'user_id'].filter((key) => !query.select!.includes(key));
  return missing.length ? { ...query, select: [...query.select, ...missing] } : query;
}

/**
 * A list of participations, contributors or contributions under the rule: queries about
 * who answered leave anonymous surveys out, and the rows that remain are masked. The
 * caller's own rows also get their respondent key back (respondent-key.ts).
 */
export async function listHidingAnonymous(ctx: RequestContext, def: ResourceQueryDef, rawQuery: ParsedQuery, scope: QueryScope): Promise<ListResult> {
  const query = withIdentityKeys(def, rawQuery);
  const result = await runListQuery(ctx.db, touchesIdentity(def, query) ? excludeAnonymousSurveys(ctx, def) : def, query, scope);
  if (!query.groupBy) await maskAnonymousIdentity(ctx, def, result.rows);
  // Not an anonymity rule, but these lists are where a caller's own rows come back.
  if (!query.groupBy && !rawQuery.select) await revealOwnRespondentKeys(ctx, def, result.rows);
  return result;
}
