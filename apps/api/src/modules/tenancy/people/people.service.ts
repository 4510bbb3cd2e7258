import { isPeopleType, type PeopleType } from '@app/contracts/company';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { agentRoles, approvals, groupMembers, groups, invitations, roles } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { hasPermission } from '../../../http/authorize';
import { forbidden, notFound } from '../../../http/errors';
import { parseQueryObject, runListQuery } from '../../../http/query';
import { findAgent, findAgentAnyCompany } from '../agents/agents.repository';
import { requireActor, requireCompany, requirePermission, seesAllCompanies } from '../companies/tenancy';
import { customerQueryDef, memberAgentQueryDef, partnerAgentQueryDef } from './people.query';

type Row = Record<string, unknown>;

/** The permission each kind of people needs to be listed. */
const LIST_PERMISSION: Record<PeopleType, string> = {
  agents: 'agents.list',
  partners: 'agents.list',
  customers: 'participations.list',
};

/** Role names of each listed agent, so the list shows who holds what without a call per row. */
async function withRoles(ctx: RequestContext, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) return rows;
  const held = await ctx.db.orm
    .select({ agent_id: agentRoles.agent_id, id: roles.id, name: roles.name, slug: roles.slug })
    .from(agentRoles)
    .innerJoin(roles, eq(roles.id, agentRoles.role_id))
    .where(inArray(agentRoles.agent_id, ids))
    .orderBy(roles.name);
  return rows.map((row) => ({
    ...row,
    roles: held.filter((h) => h.agent_id === row.id).map(({ id, name, slug }) => ({ id, name, slug })),
  }));
}

/** How many of the company's named participations each customer has, and the latest date. */
async function withParticipations(ctx: RequestContext, companyId: number, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((r) => Number(r.id));
  if (ids.length === 0) return rows;
  const counts = await ctx.db.rows<{ user_id: number; n: number | string; last_at: Date | string }>(sql`
    SELECT user_id, count(*) AS n, max(created_at) AS last_at FROM participations
    WHERE company_id = ${companyId} AND deleted_at IS NULL AND user_id IN ${ids}
      AND survey_id NOT IN (SELECT id FROM surveys WHERE (settings->>'anonymous') = 'true')
    GROUP BY user_id`);
  return rows.map((row) => {
    const c = counts.find((x) => Number(x.user_id) === row.id);
    return { ...row, participations_count: Number(c?.n ?? 0), last_participation_at: c ? new Date(c.last_at).toISOString() : null };
  });
}

/**
 * `GET people/{type}`: the active company's agents, partners or customers, with the query
 * object (search, filters, sort, pages; 20 a page by default, section 9).
 */
export async function listPeople(ctx: RequestContext, type: string, rawQuery: unknown) {
  requireActor(ctx);
  if (!isPeopleType(type)) throw notFound();
  requirePermission(ctx, LIST_PERMISSION[type]);
  const { companyId } = requireCompany(ctx);
  const def = type === 'agents' ? memberAgentQueryDef : type === 'partners' ? partnerAgentQueryDef : customerQueryDef(companyId);
  const scope = { companyId };
  const result = await runListQuery(ctx.db, def, parseQueryObject(rawQuery, def), scope);
  const rows = type === 'customers' ? await withParticipations(ctx, companyId, result.rows) : await withRoles(ctx, result.rows);
  return { rows, meta: result.meta };
}

/**
 * `GET agents/{id}/history`: what the agent page shows beside identity and roles: the
 * groups, how the person came in (invitation or approved request) and their latest
 * participations.
 */
export async function agentHistory(ctx: RequestContext, id: number) {
  const actor = requireActor(ctx);
  const agent = seesAllCompanies(actor) ? await findAgentAnyCompany(ctx.db, id) : await findAgent(ctx.db, requireCompany(ctx).companyId, id);
  if (!agent) throw notFound();
  if (agent.user_id !== actor.userId && !hasPermission(actor, 'agents.show')) throw forbidden();
  const [memberOf, invitation, request, participations] = await Promise.all([
    ctx.db.orm
      .select({ id: groups.id, name: groups.name })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.group_id))
      .where(and(eq(groupMembers.agent_id, id), isNull(groups.deleted_at)))
      .orderBy(groups.name),
    ctx.db.orm
      .select({ id: invitations.id, created_at: invitations.created_at, responded_at: invitations.responded_at, host_agent_id: invitations.host_agent_id })
      .from(invitations)
      .where(and(eq(invitations.guest_agent_id, id), eq(invitations.status, 'accepted')))
      .orderBy(desc(invitations.responded_at))
      .limit(1),
    ctx.db.orm
      .select({ id: approvals.id, created_at: approvals.created_at, decided_at: approvals.decided_at, decided_by: approvals.decided_by })
      .from(approvals)
      .where(and(eq(approvals.company_id, agent.company_id), eq(approvals.agent_id, id), eq(approvals.status, 'approved')))
      .orderBy(desc(approvals.decided_at))
      .limit(1),
    ctx.db.rows<{ id: number; survey_id: number; survey_title: string; status: string; created_at: Date | string }>(sql`
      SELECT p.id, p.survey_id, s.title AS survey_title, p.status, p.created_at FROM participations p
      JOIN surveys s ON s.id = p.survey_id
      WHERE p.agent_id = ${id} AND p.company_id = ${agent.company_id} AND p.deleted_at IS NULL
      ORDER BY p.created_at DESC LIMIT 10`),
  ]);
  const events: Array<{ kind: string; at: string }> = [];
  const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
  if (invitation[0]) {
    events.push({ kind: 'invited', at: iso(invitation[0].created_at)! });
    if (invitation[0].responded_at) events.push({ kind: 'invitation_accepted', at: iso(invitation[0].responded_at)! });
  }
  if (request[0]) {
    events.push({ kind: 'join_requested', at: iso(request[0].created_at)! });
    if (request[0].decided_at) events.push({ kind: 'join_approved', at: iso(request[0].decided_at)! });
  }
  if (events.length === 0) events.push({ kind: 'joined', at: agent.created_at.toISOString() });
  if (agent.updated_at.getTime() - agent.created_at.getTime() > 1000 && agent.status !== 'active') {
    events.push({ kind: agent.status === 'suspended' ? 'suspended' : 'status_changed', at: agent.updated_at.toISOString() });
  }
  events.sort((a, b) => b.at.localeCompare(a.at));
  return {
    agent_id: id,
    groups: memberOf,
    events,
    participations: participations.map((p) => ({ ...p, created_at: iso(p.created_at) })),
  };
}
