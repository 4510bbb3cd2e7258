import { agentRoom, toPermissionMap } from '@app/contracts';
import { assertWithinLimit } from '../../commerce/entitlements/limits';
import { eq } from 'drizzle-orm';
import { agentRoles } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { hasPermission } from '../../../http/authorize';
import { withDbErrors } from '../../../http/db-errors';
import { conflict, forbidden, notFound } from '../../../http/errors';
import { getOne, parseQueryObject, runListQuery } from '../../../http/query';
import { silenceAgentMembers } from '../../messaging/chatrooms/chatroom-members';
import { includesOf, requireActor, requireCompany, requirePermission, seesAllCompanies, tenantQuery } from '../companies/tenancy';
import { loadPermissionSlugs } from '../roles/permission-map';
import { assertAssignable, assertCanGrant, resolveRole } from '../roles/role-rules';
import { addAgentRole, deleteAgentRole, listAgentRoles } from '../roles/roles.repository';
import {
  type AgentRow,
  countOtherOwners,
  findAgent,
  findAgentAnyCompany,
  isCompanyOwner,
  updateAgent,
} from './agents.repository';
import { agentQueryDef } from './agents.query';
import type { RoleRefInput, UpdateAgentInput } from './agents.schemas';
import { audit } from '../../administration/audit/audit';
import { audited } from '../../administration/audit/audited';
import { tenancyText } from '../tenancy.texts';

type Row = Record<string, unknown>;

/** The agent within the caller's reach (active company, or any for the back office); 404 otherwise. */
async function loadAgent(ctx: RequestContext, id: number): Promise<AgentRow> {
  const agent = seesAllCompanies(ctx.actor) ? await findAgentAnyCompany(ctx.db, id) : await findAgent(ctx.db, requireCompany(ctx).companyId, id);
  if (!agent) throw notFound();
  return agent;
}

/** 409 when the change would leave the company without an active owner. */
async function assertKeepsAnOwner(ctx: RequestContext, agent: AgentRow): Promise<void> {
  if (!(await isCompanyOwner(ctx.db, agent.id, agent.company_id))) return;
  if ((await countOtherOwners(ctx.db, agent.company_id, agent.id)) === 0) {
    throw conflict(tenancyText(ctx.locale, 'lastOwner'), 'last_owner');
  }
}

/**
 * A suspended or removed agent's sockets leave its room, and the conversations it is in
 * as this agent, at once, on every API process, rather than keep the company's events
 * until they reconnect.
 */
async function stopListening(ctx: RequestContext, agentId: number): Promise<void> {
  ctx.events.revokeRoom(agentRoom(agentId));
  await silenceAgentMembers(ctx, [agentId]);
}

function assertNotSelf(ctx: RequestContext, agent: AgentRow, message: string): void {
  if (agent.user_id === ctx.actor?.userId) throw conflict(message, 'self_change');
}

/** Members of the active company (permission agents.list). */
export async function listAgents(ctx: RequestContext, rawQuery: unknown) {
  requirePermission(ctx, 'agents.list');
  if (!seesAllCompanies(ctx.actor)) requireCompany(ctx);
  const { def, scope } = tenantQuery(ctx, agentQueryDef);
  return runListQuery(ctx.db, def, parseQueryObject(rawQuery, def), scope);
}

/** One member (permission agents.show, or one's own membership). */
export async function getAgent(ctx: RequestContext, id: number, rawQuery?: unknown): Promise<Row> {
  const actor = requireActor(ctx);
  const agent = await loadAgent(ctx, id);
  if (agent.user_id !== actor.userId && !hasPermission(actor, 'agents.show')) throw forbidden();
  const { def, scope } = tenantQuery(ctx, agentQueryDef);
  const includes = includesOf(rawQuery, def);
  const row = await getOne(ctx.db, def, id, scope, includes);
  if (!row) throw notFound();
  return row;
}

export async function updateAgentProfile(ctx: RequestContext, id: number, input: UpdateAgentInput): Promise<Row> {
  requirePermission(ctx, 'agents.update');
  const agent = await loadAgent(ctx, id);
  await withDbErrors(() => updateAgent(ctx.db, agent.company_id, id, input));
  return getAgent(ctx, id);
}

/** Suspends or reactivates a member (permission agents.changestate); never oneself or the last owner. */
export async function changeAgentState(ctx: RequestContext, id: number, status: 'active' | 'suspended'): Promise<Row> {
  requirePermission(ctx, 'agents.changestate');
  const agent = await loadAgent(ctx, id);
  assertNotSelf(ctx, agent, tenancyText(ctx.locale, 'ownStateUnchangeable'));
  if (agent.status === status) throw conflict(tenancyText(ctx.locale, status === 'suspended' ? 'agentAlreadySuspended' : 'agentAlreadyActive'), 'same_status');
  if (status === 'suspended') await assertKeepsAnOwner(ctx, agent);
  // A suspended member holds no seat; back to active, it takes one again (commerce usage.ts):
  // counted under the limit's lock, in the transaction that reactivates it.
  await ctx.db.transaction(async (tx) => {
    if (status === 'active') await assertWithinLimit(tx, agent.company_id, 'agents', ctx.locale);
    await updateAgent(tx, agent.company_id, id, { status });
  });
  await ctx.events.invalidateActors({ userId: agent.user_id });
  if (status === 'suspended') await stopListening(ctx, id);
  return getAgent(ctx, id);
}

/** Removes a member (soft delete, permission agents.delete); their roles go with them. */
export async function deleteAgent(ctx: RequestContext, id: number): Promise<void> {
  requirePermission(ctx, 'agents.delete');
  const agent = await loadAgent(ctx, id);
  assertNotSelf(ctx, agent, tenancyText(ctx.locale, 'cannotRemoveSelf'));
  await assertKeepsAnOwner(ctx, agent);
  await ctx.db.transaction(async (tx) => {
    // A revived membership (new invitation) must not get back the roles of the old one.
    await tx.orm.delete(agentRoles).where(eq(agentRoles.agent_id, id));
    await updateAgent(tx, agent.company_id, id, { deleted_at: new Date() });
  });
  await ctx.events.invalidateActors({ userId: agent.user_id });
  await stopListening(ctx, id);
}

/** The agent's roles and its effective permission map (its roles plus its user's global roles). */
export async function getAgentPermissions(ctx: RequestContext, id: number) {
  const actor = requireActor(ctx);
  const agent = await loadAgent(ctx, id);
  if (agent.user_id !== actor.userId && !hasPermission(actor, 'agents.show')) throw forbidden();
  const [roles, slugs] = await Promise.all([
    listAgentRoles(ctx.db, id),
    loadPermissionSlugs(ctx.db, { userId: agent.user_id, agentId: agent.id }),
  ]);
  return { agent_id: agent.id, company_id: agent.company_id, roles, permissions: toPermissionMap(slugs) };
}

/** Gives an agent a role of its company or a global role meant for agents. */
export async function assignAgentRole(ctx: RequestContext, id: number, input: RoleRefInput) {
  const actor = requirePermission(ctx, 'agents.assignrole');
  const agent = await loadAgent(ctx, id);
  const role = await resolveRole(ctx, input, agent.company_id);
  assertAssignable(role, 'agent', agent.company_id, ctx.locale);
  await assertCanGrant(ctx, actor, role);
  await audited(ctx, async (tx) => {
    await addAgentRole(tx.db, agent.id, role.id);
    await audit(tx, { action: 'agent.role.assign', objectType: 'agent', objectId: agent.id, companyId: agent.company_id, after: { role: role.slug, role_id: role.id } });
    await tx.events.invalidateActors({ agentId: agent.id });
  });
  return getAgentPermissions(ctx, id);
}

/** Takes a role back; the company keeps at least one owner. */
export async function removeAgentRole(ctx: RequestContext, id: number, input: RoleRefInput) {
  const actor = requirePermission(ctx, 'agents.removerole');
  const agent = await loadAgent(ctx, id);
  const role = await resolveRole(ctx, input, agent.company_id);
  await assertCanGrant(ctx, actor, role);
  if (role.is_owner && role.company_id === agent.company_id && (await countOtherOwners(ctx.db, agent.company_id, agent.id)) === 0) {
    throw conflict(tenancyText(ctx.locale, 'lastOwner'), 'last_owner');
  }
  await audited(ctx, async (tx) => {
    if (!(await deleteAgentRole(tx.db, agent.id, role.id))) throw notFound(tenancyText(ctx.locale, 'roleNotHeld'), 'role_not_held');
    await audit(tx, { action: 'agent.role.remove', objectType: 'agent', objectId: agent.id, companyId: agent.company_id, before: { role: role.slug, role_id: role.id } });
    await tx.events.invalidateActors({ agentId: agent.id });
  });
  return getAgentPermissions(ctx, id);
}
