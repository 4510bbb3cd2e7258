import { assertWithinLimit } from '../../commerce/entitlements/limits';
import { normalizeMobile } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { agents, invitations } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { conflict, notFound, validationFailed } from '../../../http/errors';
import { getOne, parseQueryObject, runListQuery } from '../../../http/query';
import { findMembership } from '../agents/agents.repository';
import { includesOf, requireCompany, requirePermission, seesAllCompanies, tenantQuery } from '../companies/tenancy';
import { displayNameOf, findUserByEmail, findUserByPhone, findUserById } from '../../identity/users/users.repository';
import { announceInvitation } from './invitation-announce';
import { expiryIn } from './invitation-expiry';
import { findCompanyInvitation, hasPendingInvitation, closeInvitation } from './invitations.repository';
import { invitationQueryDef } from './invitations.query';
import { type CreateInvitationInput, INVITATION_TTL_DAYS, type InvitationDatas } from './invitations.schemas';
import { tenancyText } from '../tenancy.texts';

type Row = Record<string, unknown>;

/** The name a guest sees for the inviting agent. */
export async function hostNameOf(ctx: RequestContext, agentId: number | null): Promise<string> {
  if (agentId !== null) {
    const [agent] = await ctx.db.orm
      .select({ first_name: agents.first_name, last_name: agents.last_name, user_id: agents.user_id })
      .from(agents)
      .where(eq(agents.id, agentId));
    const name = [agent?.first_name, agent?.last_name].filter(Boolean).join(' ');
    if (name) return name;
    if (agent) {
      const user = await findUserById(ctx.db, agent.user_id);
      if (user) return displayNameOf(user);
    }
  }
  const user = ctx.actor ? await findUserById(ctx.db, ctx.actor.userId) : null;
  return user ? displayNameOf(user) : '';
}

function cleanDatas(input: CreateInvitationInput): InvitationDatas {
  const merged = { job: input.job, first_name: input.first_name, last_name: input.last_name, ...input.datas };
  return Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined && v !== '')) as InvitationDatas;
}

/**
 * Invites someone into the active company (permission invitations.create). A guest who
 * already has an account is linked at once and told live (`invitation.sent`). The
 * inviter's answer is the same with or without an account (no guest_user_id in it);
 * only a person already in the company is told apart (409 already_member).
 */
export async function createInvitation(ctx: RequestContext, input: CreateInvitationInput, linkBase: string): Promise<Row> {
  requirePermission(ctx, 'invitations.create');
  const { actor, companyId } = requireCompany(ctx);
  const email = input.email ? input.email.toLowerCase() : null;
  let phone: string | null = null;
  if (input.phone) {
    phone = normalizeMobile(input.phone);
    if (!phone) throw validationFailed({ phone: [tenancyText(ctx.locale, 'invalidMobile')] });
  }
  const guest = (email ? await findUserByEmail(ctx.db, email) : null) ?? (phone ? await findUserByPhone(ctx.db, phone) : null);
  if (guest && (await findMembership(ctx.db, companyId, guest.id))) {
    throw conflict(tenancyText(ctx.locale, 'guestAlreadyMember'), 'already_member');
  }
  if (await hasPendingInvitation(ctx.db, companyId, { email, phone })) {
    throw conflict(tenancyText(ctx.locale, 'invitationPendingFor'), 'pending_invitation');
  }
  const datas = cleanDatas(input);
  // The check and the insert share one transaction: its lock makes concurrent invitations
  // count one after the other (pending invitations hold seats, see usage.ts).
  const created = await ctx.db.transaction(async (tx) => {
    await assertWithinLimit(tx, companyId, 'agents', ctx.locale);
    const [row] = await tx.orm
      .insert(invitations)
      .values({
        company_id: companyId,
        host_agent_id: actor.agentId,
        guest_user_id: guest?.id ?? null,
        email,
        phone,
        datas,
        expires_at: expiryIn(INVITATION_TTL_DAYS),
      })
      .returning();
    return row;
  });
  await announceInvitation(ctx, created, await hostNameOf(ctx, actor.agentId), linkBase);
  return getInvitation(ctx, created.id);
}

/** Invitations sent by the active company (permission invitations.list). */
export async function listInvitations(ctx: RequestContext, rawQuery: unknown) {
  requirePermission(ctx, 'invitations.list');
  if (!seesAllCompanies(ctx.actor)) requireCompany(ctx);
  const { def, scope } = tenantQuery(ctx, invitationQueryDef);
  return runListQuery(ctx.db, def, parseQueryObject(rawQuery, def), scope);
}

export async function getInvitation(ctx: RequestContext, id: number, rawQuery?: unknown): Promise<Row> {
  requirePermission(ctx, 'invitations.show');
  if (!seesAllCompanies(ctx.actor)) requireCompany(ctx);
  const { def, scope } = tenantQuery(ctx, invitationQueryDef);
  const row = await getOne(ctx.db, def, id, scope, includesOf(rawQuery, def));
  if (!row) throw notFound();
  return row;
}

/** Withdraws a pending invitation of the active company (permission invitations.delete). */
export async function cancelInvitation(ctx: RequestContext, id: number): Promise<Row> {
  requirePermission(ctx, 'invitations.delete');
  const companyId = seesAllCompanies(ctx.actor) ? null : requireCompany(ctx).companyId;
  const invitation = await findCompanyInvitation(ctx.db, companyId, id);
  if (!invitation) throw notFound();
  if (!(await closeInvitation(ctx.db, id, { status: 'cancelled' }))) {
    throw conflict(tenancyText(ctx.locale, 'invitationNotPending'), 'not_pending');
  }
  return getInvitation(ctx, id);
}

/**
 * Sends a pending invitation of the active company again (permission
 * invitations.create): the notice and the live card again, and a fresh 14-day expiry
 * (an expired one takes a seat again, within the agents limit).
 */
export async function resendInvitation(ctx: RequestContext, id: number, linkBase: string): Promise<Row> {
  requirePermission(ctx, 'invitations.create');
  const { actor, companyId } = requireCompany(ctx);
  const invitation = await findCompanyInvitation(ctx.db, companyId, id);
  if (!invitation) throw notFound();
  if (invitation.status !== 'pending') throw conflict(tenancyText(ctx.locale, 'invitationNotPending'), 'not_pending');
  const renewed = await ctx.db.transaction(async (tx) => {
    // An expired invitation held no seat any more: sent again, it takes one (usage.ts).
    if (invitation.expired) await assertWithinLimit(tx, companyId, 'agents', ctx.locale);
    const [row] = await tx.orm
      .update(invitations)
      .set({ expires_at: expiryIn(INVITATION_TTL_DAYS), updated_at: new Date() })
      .where(and(eq(invitations.id, id), eq(invitations.status, 'pending')))
      .returning();
    return row;
  });
  if (!renewed) throw conflict(tenancyText(ctx.locale, 'invitationNotPending'), 'not_pending');
  await announceInvitation(ctx, renewed, await hostNameOf(ctx, actor.agentId), linkBase);
  return getInvitation(ctx, id);
}
