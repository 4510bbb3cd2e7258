import type { RequestContext } from '../../../http/actor';
import { hasPermission } from '../../../http/authorize';
import { notFound } from '../../../http/errors';
import { getOne, parseQueryObject } from '../../../http/query';
import { globalVariant, includesOf, ownRowsVariant, requireActor, seesAllCompanies } from '../../tenancy/companies/tenancy';
import { fixedFilter } from '../../surveys/surveys/query-filters';
import { listHidingAnonymous, maskAnonymousIdentity } from './anonymous-identity';
import { participationQueryDef } from './participations.query';
import { withTargetNames } from './participation-targets';
import { revealOwnRespondentKeys } from './respondent-key';

type Row = Record<string, unknown>;
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

/** The participations list with the full query object (API.md "The query object"). */
export async function listParticipations(ctx: RequestContext, rawQuery: unknown) {
  const { def, scope, ownUserId } = readerOf(ctx, 'list');
  let query = parseQueryObject(rawQuery, def);
  if (ownUserId !== null) query = { ...query, filterGroups: [...query.filterGroups, fixedFilter(def, 'user_id', ownUserId)] };
  const list = await listHidingAnonymous(ctx, def, query, scope);
  if (ownUserId === null && !query.groupBy) await withTargetNames(ctx.db, list.rows);
  return list;
}

/** The caller's own participations, whatever the company (the customer area). */
export async function listMyParticipations(ctx: RequestContext, rawQuery: unknown) {
  const actor = requireActor(ctx);
  const def = respondentDef();
  const query = parseQueryObject(rawQuery, def);
  return listHidingAnonymous(ctx, def, { ...query, filterGroups: [...query.filterGroups, fixedFilter(def, 'user_id', actor.userId)] }, { companyId: null });
}

/** One participation the caller may read (404 otherwise, another company's included). */
export async function getParticipation(ctx: RequestContext, id: number, rawQuery?: unknown): Promise<Row> {
  const reader = readerOf(ctx, 'show');
  let readWith = reader.def;
  let row = await getOne(ctx.db, reader.def, id, reader.scope, includesOf(rawQuery, reader.def));
  if (row && reader.ownUserId !== null && row.user_id !== reader.ownUserId) row = null;
  if (!row && reader.ownUserId === null && !seesAllCompanies(ctx.actor)) {
    // A company member may also read what they answered in another company's survey.
    const def = respondentDef();
    const own = await getOne(ctx.db, def, id, { companyId: null }, includesOf(rawQuery, def));
    if (own && own.user_id === ctx.actor!.userId) [row, readWith] = [own, def];
  }
  if (!row) throw notFound();
  await maskAnonymousIdentity(ctx, readWith, [row]);
  await revealOwnRespondentKeys(ctx, readWith, [row]);
  return row;
}

