import type { AdminUserDetail, AdminUsersQuery } from '@app/contracts/admin-platform';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../../http/actor';
import { conflict, notFound, validationFailed } from '../../../http/errors';
import { insertOutboxMessage } from '../../../delivery/outbox.repository';
import { insertOtp } from '../../identity/auth/otp.repository';
import { endUserSessions } from '../../identity/auth/sessions.service';
import { generateOtpCode, generateToken, hashOtpCode } from '../../identity/auth/tokens';
import { changeAccountStatus } from '../../identity/users/users.service';
import { requireAdmin } from '../../administration/admin-guard';
import { audit } from '../../administration/audit/audit';
import { audited } from '../../administration/audit/audited';
import { assignUserRole, changeUserType, removeUserRole } from '../../identity/users/users-roles.service';
import { resetCodeMessage } from '../../identity/users/account-messages';
import { findUserById, updateUser } from '../../identity/users/users.repository';
import type { RoleRefInput } from '../../tenancy/agents/agents.schemas';
import { countOtherActiveAdmins, findAdminUser, listAdminUsers, readUserSurroundings } from './admin-users.repository';
import { usersText } from '../../identity/users/users.texts';

export function listUsersForAdmin(ctx: RequestContext, query: AdminUsersQuery) {
  requireAdmin(ctx);
  return listAdminUsers(ctx.db, query);
}

/** mnt/users/{action}/{type}/{user}: the account, its companies and roles, devices and sessions, recent activity. */
export async function userDetailForAdmin(ctx: RequestContext, id: number): Promise<AdminUserDetail> {
  const actor = requireAdmin(ctx);
  const user = await findAdminUser(ctx.db, id);
  if (!user) throw notFound(usersText(ctx.locale, 'userNotFound'), 'user_not_found');
  const around = await readUserSurroundings(ctx.db, id);
  const self = id === actor.userId;
  const lastAdmin = user.type === 'admin' && (await countOtherActiveAdmins(ctx.db, id)) === 0;
  return {
    ...user,
    ...around,
    can: {
      suspend: !self && !lastAdmin && user.status !== 'suspended',
      reactivate: !self && user.status === 'suspended',
      sign_out: !self && around.devices.some((d) => d.open_sessions > 0),
      reset_code: !self && user.status !== 'suspended' && Boolean(user.email || user.phone),
      promote: !self && user.type !== 'admin',
      demote: !self && !lastAdmin && user.type === 'admin',
    },
  };
}

/** The platform roles an account may be given here (the admin role follows the account type). */
export function platformRolesForAdmin(ctx: RequestContext) {
  requireAdmin(ctx);
  return ctx.db.rows<{ id: number; slug: string; name: string }>(sql`
    SELECT id, slug, name FROM roles WHERE company_id IS NULL AND slug <> 'admin' AND state = 'active' ORDER BY name`);
}

async function loadTarget(ctx: RequestContext, id: number) {
  const actor = requireAdmin(ctx);
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound(usersText(ctx.locale, 'userNotFound'), 'user_not_found');
  if (user.id === actor.userId) throw conflict(usersText(ctx.locale, 'selfChange'), 'self_change');
  return { actor, user };
}

/**
 * Suspends an account: every session and socket ends at once on every API process. The
 * status change is the identity module's (one implementation for users/* and admin/users/*),
 * audited in its transaction, where the last active admin is refused (identity/users/last-admin).
 */
export async function suspendUser(ctx: RequestContext, id: number) {
  await loadTarget(ctx, id);
  await changeAccountStatus(ctx, id, 'suspended');
  return userDetailForAdmin(ctx, id);
}

export async function reactivateUser(ctx: RequestContext, id: number) {
  await loadTarget(ctx, id);
  await changeAccountStatus(ctx, id, 'active');
  return userDetailForAdmin(ctx, id);
}

/** Signs the account out of every device (sessions and sockets, on every process); the account stays active. */
export async function signOutEverywhere(ctx: RequestContext, id: number) {
  await loadTarget(ctx, id);
  await audited(ctx, async (tx) => {
    await endUserSessions(tx.db, tx.events, id, 'admin_signout');
    await audit(tx, { action: 'user.sign_out_everywhere', objectType: 'user', objectId: id });
  });
  return userDetailForAdmin(ctx, id);
}

/**
 * Sends the account a password-reset code through the outbox (e-mail, else SMS), with
 * the address of the page that takes it: the person never had to ask for it, so the
 * message carries the reset id the forgot-password page would have given them.
 */
export async function sendResetCode(ctx: RequestContext, id: number, publicBaseUrl: string) {
  const { user } = await loadTarget(ctx, id);
  if (user.status === 'suspended') throw conflict(usersText(ctx.locale, 'userSuspended'), 'user_suspended');
  const channel = user.email ? 'email' : user.phone ? 'sms' : null;
  if (!channel) throw validationFailed({ channel: [usersText(ctx.locale, 'noChannel')] });
  const destination = (user.email ?? user.phone) as string;
  const code = generateOtpCode();
  const lookup = generateToken(16);
  const link = `${publicBaseUrl}/auth/forgot-password-reset?id=${lookup}`;
  await audited(ctx, async (tx) => {
    await insertOtp(tx.db, { user_id: id, purpose: 'password_reset', channel, destination, code_hash: hashOtpCode(code), lookup });
    await insertOutboxMessage(tx.db, { channel, to: destination, ...resetCodeMessage(user, channel, { code, link }) });
    await audit(tx, { action: 'user.send_reset_code', objectType: 'user', objectId: id, after: { channel } });
  });
  return { channel, destination };
}

/** Marks the e-mail or the phone validated (a pending account with a validated e-mail becomes active). */
export async function markValidated(ctx: RequestContext, id: number, channel: 'email' | 'phone') {
  requireAdmin(ctx);
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound(usersText(ctx.locale, 'userNotFound'), 'user_not_found');
  if (channel === 'email' && !user.email) throw validationFailed({ channel: [usersText(ctx.locale, 'noEmail')] });
  if (channel === 'phone' && !user.phone) throw validationFailed({ channel: [usersText(ctx.locale, 'noPhone')] });
  const now = new Date();
  await audited(ctx, async (tx) => {
    await updateUser(
      tx.db,
      id,
      channel === 'email' ? { email_verified_at: user.email_verified_at ?? now, ...(user.status === 'pending' && { status: 'active' as const }) } : { phone_verified_at: user.phone_verified_at ?? now },
    );
    await audit(tx, { action: `user.validate_${channel}`, objectType: 'user', objectId: id });
    await tx.events.invalidateActors({ userId: id });
  });
  return userDetailForAdmin(ctx, id);
}

/** The identity module's role change (audited in its transaction), shared with users/{id}/roles. */
export function giveRole(ctx: RequestContext, id: number, input: RoleRefInput) {
  return assignUserRole(ctx, id, input);
}

export function takeRole(ctx: RequestContext, id: number, input: RoleRefInput) {
  return removeUserRole(ctx, id, input);
}

/** Makes the account a platform admin, or takes it back (never one's own, never the last admin). */
export async function setAdmin(ctx: RequestContext, id: number, admin: boolean) {
  const { user } = await loadTarget(ctx, id);
  const next = admin ? 'admin' : user.type === 'admin' ? 'agent' : user.type;
  if (next === user.type) throw conflict(usersText(ctx.locale, admin ? 'alreadyAdmin' : 'notAdmin'), 'same_type');
  // Audited (`user.type`, before and after) in the type change's transaction, where the
  // last active admin is refused.
  await changeUserType(ctx, id, next);
  return userDetailForAdmin(ctx, id);
}

