import { inArray } from 'drizzle-orm';
import { surveys } from '../../db/schema';
import type { RequestContext } from '../../http/actor';
import { hasPermission } from '../../http/authorize';
import { notFound } from '../../http/errors';
import { getOne, parseQueryObject, runListQuery } from '../../http/query';
import type { ParsedQuery } from '../../http/query';
import { globalVariant, includesOf, ownRowsVariant, requireActor, seesAllCompanies } from '../companies/tenancy';
import { fixedFilter } from '../surveys/query-filters';
import { excludeAnonymousSurveys, touchesIdentity } from './anonymous-identity';
import { participationQueryDef } from './participations.query';

type Row = Record<string, unknown>;
const IDENTITY_KEYS = ['user_id', 'agent_id', 'participant_id', 'user', 'agent', 'participant', 'contributors', 'contributions'];
/** What a respondent may include with their own participations: nothing about the company's people. */
const RESPONDENT_INCLUDES = ['survey', 'answers', 'answers.question', 'contributors'];
const respondentDef = () => ownRowsVariant(participationQueryDef, RESPONDENT_INCLUDES);

/**
 * How the caller sees participations: the back office sees all, a company member with
 * the permission sees the company's, anyone else only their own (as respondent).
 */
function readerOf(ctx: RequestContext, action: 'list' | 'show') {
  const actor = requireActor(ctx);
  if (seesAllCompanies(actor)) return { def: globalVariant(participationQueryDef), scope: { companyId: null }, ownUserId: null };
  if (actor.companyId !== null && hasPermission(actor, `participations.${action}`)) {
    return { def: participationQueryDef, scope: { companyId: actor.companyId }, ownUserId: null };
  }
  return { def: respondentDef(), scope: { companyId: null }, ownUserId: actor.userId };
}

/** Surveys with settings.anonymous hide who answered, even from the company (DOMAIN.md). */
export async function hideAnonymousRespondents(ctx: RequestContext, rows: Row[]): Promise<void> {
  const ids = [...new Set(rows.map((r) => r.survey_id).filter((id): id is number => typeof id === 'number'))];
  if (ids.length === 0) return;
  const found = await ctx.db.orm.select({ id: surveys.id, settings: surveys.settings }).from(surveys).where(inArray(surveys.id, ids));
  const anonymous = new Set(found.filter((s) => (s.settings as { anonymous?: boolean })?.anonymous === true).map((s) => s.id));
  for (const row of rows) {
    if (!anonymous.has(row.survey_id as number) || row.user_id === ctx.actor?.userId) continue;
    for (const key of IDENTITY_KEYS) if (key in row) row[key] = null;
  }
}

function withSurveyId(query: ParsedQuery): ParsedQuery {
  // The anonymity rule needs survey_id even when the caller selects fewer columns.
  if (query.select && !query.select.includes('survey_id')) return { ...query, select: [...query.select, 'survey_id'] };
  return query;
}

/** The participations list with the full query object (API.md "The query object"). */
export async function listParticipations(ctx: RequestContext, rawQuery: unknown) {
  const { def, scope, ownUserId } = readerOf(ctx, 'list');
  let query = withSurveyId(parseQueryObject(rawQuery, def));
  if (ownUserId !== null) query = { ...query, filterGroups: [...query.filterGroups, fixedFilter(def, 'user_id', ownUserId)] };
  else if (touchesIdentity(query)) {
    const excluded = await excludeAnonymousSurveys(ctx, def, scope);
    if (excluded) query = { ...query, filterGroups: [...query.filterGroups, excluded] };
  }
  const result = await runListQuery(ctx.db, def, query, scope);
  if (!query.groupBy) await hideAnonymousRespondents(ctx, result.rows);
  return result;
}

/** The caller's own participations, whatever the company (the customer area). */
export async function listMyParticipations(ctx: RequestContext, rawQuery: unknown) {
  const actor = requireActor(ctx);
  const def = respondentDef();
  const query = parseQueryObject(rawQuery, def);
  return runListQuery(ctx.db, def, { ...query, filterGroups: [...query.filterGroups, fixedFilter(def, 'user_id', actor.userId)] }, { companyId: null });
}

/** One participation the caller may read (404 otherwise, another company's included). */
export async function getParticipation(ctx: RequestContext, id: number, rawQuery?: unknown): Promise<Row> {
  const reader = readerOf(ctx, 'show');
  let row = await getOne(ctx.db, reader.def, id, reader.scope, includesOf(rawQuery, reader.def));
  if (row && reader.ownUserId !== null && row.user_id !== reader.ownUserId) row = null;
  if (!row && reader.ownUserId === null && !seesAllCompanies(ctx.actor)) {
    // A company member may also read what they answered in another company's survey.
    const def = respondentDef();
    const own = await getOne(ctx.db, def, id, { companyId: null }, includesOf(rawQuery, def));
    if (own && own.user_id === ctx.actor!.userId) row = own;
  }
  if (!row) throw notFound();
  await hideAnonymousRespondents(ctx, [row]);
  return row;
}

