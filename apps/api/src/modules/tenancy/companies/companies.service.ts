import { agentRoom } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { hasPermission } from '../../../http/authorize';
import { withDbErrors } from '../../../http/db-errors';
import { conflict, forbidden, notFound } from '../../../http/errors';
import { getOne, parseQueryObject, runListQuery } from '../../../http/query';
import type { ParsedFilterGroup } from '../../../http/query/parsed-query';
import { audit } from '../../administration/audit/audit';
import { audited } from '../../administration/audit/audited';
import { silenceAgentMembers } from '../../messaging/chatrooms/chatroom-members';
import { addMembership, findMembership, listActiveAgentIds, listMemberCompanyIds } from '../agents/agents.repository';
import { insertApproval, JOIN_REQUEST } from '../approvals/approvals.repository';
import { announceJoinRequest } from '../approvals/join-request';
import {
  assertCompanyReferences,
  createCompanyRoles,
  findCompany,
  grantAgentRole,
  insertCompany,
  updateCompanyRow,
} from './companies.repository';
import { companyQueryDef } from './companies.query';
import type { CreateCompanyInput, RequestToJoinInput, UpdateCompanyInput } from './companies.schemas';
import { includesOf, isPlatformAdmin, requireActor, tenantQuery } from './tenancy';
import { tenancyText } from '../tenancy.texts';

type Row = Record<string, unknown>;

function onlyIds(ids: number[]): ParsedFilterGroup {
  return {
    or: false,
    filters: [
      {
        key: 'id',
        field: companyQueryDef.fields.id,
        operator: 'in',
        value: { kind: 'list', values: ids, withNull: false },
        not: false,
      },
    ],
  };
}

/** Companies the caller may see: every one for a platform admin, else their memberships. */
export async function listCompanies(ctx: RequestContext, rawQuery: unknown) {
  const actor = requireActor(ctx);
  const { def, scope } = tenantQuery(ctx, companyQueryDef);
  const query = parseQueryObject(rawQuery, def);
  if (!isPlatformAdmin(actor)) {
    const ids = await listMemberCompanyIds(ctx.db, actor.userId);
    if (ids.length === 0) return { rows: [], meta: { limit: query.limit, page: query.page, start: query.start, has_more: false } };
    query.filterGroups.push(onlyIds(ids));
  }
  return runListQuery(ctx.db, def, query, scope);
}

/** 404 unless the caller is a platform admin or an active member of the company. */
async function assertVisible(ctx: RequestContext, companyId: number): Promise<void> {
  const actor = requireActor(ctx);
  if (isPlatformAdmin(actor)) return;
  const ids = await listMemberCompanyIds(ctx.db, actor.userId);
  if (!ids.includes(companyId)) throw notFound();
}

export async function getCompany(ctx: RequestContext, id: number, rawQuery?: unknown): Promise<Row> {
  await assertVisible(ctx, id);
  const { def, scope } = tenantQuery(ctx, companyQueryDef);
  const row = await getOne(ctx.db, def, id, scope, includesOf(rawQuery, def));
  if (!row) throw notFound();
  return row;
}

/**
 * Any signed-in user may found a company: it gets its default roles and the founder
 * becomes its first agent, holding the owner role (every permission).
 */
export async function createCompany(ctx: RequestContext, input: CreateCompanyInput): Promise<Row> {
  const actor = requireActor(ctx);
  await assertCompanyReferences(ctx, input);
  const { companyId, agentId } = await withDbErrors(() =>
    ctx.db.transaction(async (tx) => {
      const company = await insertCompany(tx, { ...input, status: 'active', created_by: actor.userId });
      const ownerRoleId = await createCompanyRoles(tx, company.id);
      const agent = await addMembership(tx, { companyId: company.id, userId: actor.userId });
      await grantAgentRole(tx, agent.id, ownerRoleId);
      return { companyId: company.id, agentId: agent.id };
    }),
  );
  await ctx.events.invalidateActors({ userId: actor.userId });
  const row = await getOne(ctx.db, companyQueryDef, companyId, { companyId: null });
  return { ...row, agent_id: agentId };
}

/** Updates the active company (permission companies.update there) or any, for a platform admin. */
export async function updateCompany(ctx: RequestContext, id: number, input: UpdateCompanyInput): Promise<Row> {
  const actor = requireActor(ctx);
  if (!isPlatformAdmin(actor)) {
    if (actor.companyId !== id) {
      await assertVisible(ctx, id);
      throw forbidden(tenancyText(ctx.locale, 'notActiveCompany'), 'not_active_company');
    }
    if (!hasPermission(actor, 'companies.update')) throw forbidden();
  }
  await assertCompanyReferences(ctx, input, id);
  const updated = await withDbErrors(() => updateCompanyRow(ctx.db, id, input));
  if (!updated) throw notFound();
  return getCompany(ctx, id);
}

/**
 * The company's agents' sockets leave its agent rooms and its conversations at once, on
 * every API process, rather than keep its events until the minute sweep (company
 * suspended or deleted).
 */
async function stopCompanyListening(ctx: RequestContext, companyId: number): Promise<void> {
  const agentIds = await listActiveAgentIds(ctx.db, companyId);
  ctx.events.revokeRoom(agentIds.map((id) => agentRoom(id)));
  await silenceAgentMembers(ctx, agentIds);
}

/** Soft-deletes a company (platform admin); its agents lose its rooms at once. */
export async function deleteCompany(ctx: RequestContext, id: number): Promise<void> {
  const actor = requireActor(ctx);
  if (!isPlatformAdmin(actor)) {
    await assertVisible(ctx, id);
    throw forbidden();
  }
  if (!(await updateCompanyRow(ctx.db, id, { deleted_at: new Date() }))) throw notFound();
  await ctx.events.invalidateActors({ companyId: id });
  await stopCompanyListening(ctx, id);
}

/**
 * Suspends (its agents lose its rooms at once) or reactivates a company (platform admin):
 * one implementation for companies/{id}/* and admin/companies/{id}/*, the change and its
 * audit entry in one transaction (`reason`, when given, is kept in the entry).
 */
export async function changeCompanyStatus(ctx: RequestContext, id: number, status: 'active' | 'suspended', reason: string | null = null): Promise<Row> {
  const actor = requireActor(ctx);
  if (!isPlatformAdmin(actor)) {
    await assertVisible(ctx, id);
    throw forbidden();
  }
  const company = await findCompany(ctx.db, id);
  if (!company) throw notFound();
  if (company.status === status) {
    throw conflict(tenancyText(ctx.locale, status === 'suspended' ? 'alreadySuspended' : 'alreadyActive'), 'same_status');
  }
  await audited(ctx, async (tx) => {
    await updateCompanyRow(tx.db, id, { status });
    // Reactivated, its members' cached actors (resolved without it) do not name it: everyone.
    await tx.events.invalidateActors(status === 'suspended' ? { companyId: id } : { all: true });
    if (status === 'suspended') await stopCompanyListening(tx, id);
    await audit(tx, {
      action: status === 'suspended' ? 'company.suspend' : 'company.reactivate',
      objectType: 'company',
      objectId: id,
      companyId: id,
      before: { status: company.status },
      after: { status, ...(reason && { reason }) },
    });
  });
  return getCompany(ctx, id);
}

/** Asks to join a company; the company decides through its approvals. */
export async function requestToJoin(ctx: RequestContext, id: number, input: RequestToJoinInput) {
  const actor = requireActor(ctx);
  const company = await findCompany(ctx.db, id);
  if (company?.status !== 'active') throw notFound();
  if (await findMembership(ctx.db, id, actor.userId)) {
    throw conflict(tenancyText(ctx.locale, 'alreadyMember'), 'already_member');
  }
  const [user] = await ctx.db.orm
    .select({ first_name: users.first_name, last_name: users.last_name, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, actor.userId));
  const approval = await insertApproval(ctx.db, {
    companyId: id,
    type: JOIN_REQUEST,
    userId: actor.userId,
    payload: { ...user, job: input?.job ?? null, message: input?.message ?? null },
  });
  if (!approval) throw conflict(tenancyText(ctx.locale, 'pendingRequest'), 'pending_request');
  await announceJoinRequest(ctx, company, approval, user);
  // The row as stored, its instants as ISO strings like every other answer (the declared response).
  return {
    ...approval,
    decided_at: approval.decided_at?.toISOString() ?? null,
    created_at: approval.created_at.toISOString(),
    updated_at: approval.updated_at.toISOString(),
    company: { id: company.id, name: company.name, code: company.code },
  };
}
