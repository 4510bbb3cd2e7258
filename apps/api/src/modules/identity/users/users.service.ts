import { ADMIN_ROLE_SLUG, CUSTOMER_ROLE_SLUG, generatePassword, normalizeMobile } from '@app/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { agents, users } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { hasPermission } from '../../../http/authorize';
import { withDbErrors } from '../../../http/db-errors';
import { conflict, forbidden, notFound, validationFailed } from '../../../http/errors';
import { getOne, parseQueryObject, runListQuery } from '../../../http/query';
import { hashPassword } from '../auth/password';
import { revokeUserSessions } from '../auth/sessions.repository';
import { includesOf, isPlatformAdmin, requireActor, tenantQuery } from '../../tenancy/companies/tenancy';
import { audit } from '../../administration/audit/audit';
import { audited } from '../../administration/audit/audited';
import { requireAdmin } from '../../administration/admin-guard';
import { sendTemporaryPassword } from './account-messages';
import { assertNotLastActiveAdmin } from './last-admin';
import type { CreateUserInput, UpdateUserInput } from './users.schemas';
import { userQueryDef } from './users.query';
import { createUser, displayNameOf, findUserById, grantGlobalRole, isUsernameTaken, updateUser } from './users.repository';
import { usersText } from './users.texts';

type Row = Record<string, unknown>;

/**
 * Accounts: every one for a platform admin; for an agent with users.list, the members
 * of the active company only.
 */
export async function listUsers(ctx: RequestContext, rawQuery: unknown) {
  const actor = requireActor(ctx);
  const { def, scope } = tenantQuery(ctx, userQueryDef);
  const query = parseQueryObject(rawQuery, def);
  if (isPlatformAdmin(actor)) return runListQuery(ctx.db, def, query, scope);
  if (actor.companyId == null || !hasPermission(actor, 'users.list')) throw forbidden();
  // Members only: accounts with a (company-scoped) agent in the caller's company.
  query.wherehas.push({ relation: 'agents', filter: null, count: null, not: false, filterGroups: [] });
  return runListQuery(ctx.db, def, query, scope);
}

async function isMemberOf(ctx: RequestContext, userId: number, companyId: number): Promise<boolean> {
  const rows = await ctx.db.orm
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.user_id, userId), eq(agents.company_id, companyId), isNull(agents.deleted_at)));
  return rows.length > 0;
}

/** One account: platform admin, oneself, or a member of the caller's company (users.show). */
export async function getUser(ctx: RequestContext, id: number, rawQuery?: unknown): Promise<Row> {
  const actor = requireActor(ctx);
  if (!isPlatformAdmin(actor) && actor.userId !== id) {
    const visible = actor.companyId != null && (await isMemberOf(ctx, id, actor.companyId));
    if (!visible) throw notFound();
    if (!hasPermission(actor, 'users.show')) throw forbidden();
  }
  const { def, scope } = tenantQuery(ctx, userQueryDef);
  const row = await getOne(ctx.db, def, id, scope, includesOf(rawQuery, def));
  if (!row) throw notFound();
  return row;
}

/** 422 naming each identifier another account already uses. */
async function assertIdentifiersFree(
  ctx: RequestContext,
  input: { email?: string | null; phone?: string | null; username?: string | null },
  exceptId?: number,
) {
  const problems: Record<string, string[]> = {};
  const other = exceptId === undefined ? sql`TRUE` : sql`id <> ${exceptId}`;
  if (input.email) {
    const rows = await ctx.db.rows(sql`SELECT id FROM users WHERE lower(email) = lower(${input.email}) AND ${other} LIMIT 1`);
    if (rows.length > 0) problems.email = [usersText(ctx.locale, 'emailTaken')];
  }
  if (input.phone) {
    const rows = await ctx.db.rows(sql`SELECT id FROM users WHERE phone = ${input.phone} AND ${other} LIMIT 1`);
    if (rows.length > 0) problems.phone = [usersText(ctx.locale, 'phoneTaken')];
  }
  if (input.username && (await isUsernameTaken(ctx.db, input.username, exceptId))) {
    problems.username = [usersText(ctx.locale, 'usernameTaken')];
  }
  if (Object.keys(problems).length > 0) throw validationFailed(problems);
}

function normalizePhone(phone: string | null | undefined, locale: string): string | null | undefined {
  // An empty number is no number: stored as null, never as '' (which would read as one).
  if (!phone) return phone === '' ? null : phone;
  const normalized = normalizeMobile(phone);
  if (!normalized) throw validationFailed({ phone: [usersText(locale, 'invalidMobile')] });
  return normalized;
}

/**
 * A platform admin creates an account with a generated password, sent to the person
 * and returned once in the answer; the account must change it at first sign-in.
 */
export async function createAccount(ctx: RequestContext, input: CreateUserInput): Promise<Row> {
  requireAdmin(ctx);
  const email = input.email?.toLowerCase();
  const phone = normalizePhone(input.phone, ctx.locale);
  await assertIdentifiersFree(ctx, { email, phone, username: input.username });
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const user = await withDbErrors(() =>
    ctx.db.transaction(async (tx) => {
      const created = await createUser(tx, {
        first_name: input.first_name,
        last_name: input.last_name ?? null,
        username: input.username ?? null,
        email: email ?? null,
        phone: phone ?? null,
        type: input.type,
        locale: input.locale ?? 'fr',
        password_hash: passwordHash,
        has_to_change_password: true,
      });
      if (input.type === 'admin') await grantGlobalRole(tx, created.id, ADMIN_ROLE_SLUG);
      if (input.type === 'customer') await grantGlobalRole(tx, created.id, CUSTOMER_ROLE_SLUG);
      const login = created.email ?? created.phone ?? created.username ?? '';
      await sendTemporaryPassword(tx, { email: created.email, phone: created.phone, login, name: displayNameOf(created), locale: created.locale }, password);
      return created;
    }),
  );
  return { ...(await getUser(ctx, user.id)), generated_password: password };
}

/** Profile fields of an account (platform admin); type and permissions have their own routes. */
export async function updateAccount(ctx: RequestContext, id: number, input: UpdateUserInput): Promise<Row> {
  requireAdmin(ctx);
  if (!(await findUserById(ctx.db, id))) throw notFound();
  const patch = { ...input, email: input.email?.toLowerCase() ?? input.email, phone: normalizePhone(input.phone, ctx.locale) };
  await assertIdentifiersFree(ctx, patch, id);
  await withDbErrors(() =>
    ctx.db.transaction(async (tx) => {
      // Locked: two updates each removing one identifier cannot together remove both.
      const current = await findUserById(tx, id, { lock: true });
      if (!current) throw notFound();
      assertKeepsSignInIdentifier(current, patch, ctx.locale);
      await updateUser(tx, id, patch);
    }),
  );
  return getUser(ctx, id);
}

/**
 * An account keeps an e-mail or a phone: refused (422 naming the field(s) the change
 * empties) when the update would leave it with neither. The own profile route cannot
 * change either (its body drops them), so this is the one place the rule is needed.
 */
function assertKeepsSignInIdentifier(
  current: { email: string | null; phone: string | null },
  patch: { email?: string | null; phone?: string | null },
  locale: string,
): void {
  const email = patch.email === undefined ? current.email : patch.email;
  const phone = patch.phone === undefined ? current.phone : patch.phone;
  // Only a change of these fields is refused: an older account already without both may still be renamed.
  const emptied = (['email', 'phone'] as const).filter((field) => patch[field] !== undefined);
  if (email || phone || emptied.length === 0) return;
  const message = usersText(locale, 'noIdentifierLeft');
  throw validationFailed(Object.fromEntries(emptied.map((field) => [field, [message]])), message);
}

/**
 * Ends the account's sessions, and its sockets at once on every API process (answered
 * 499) rather than at the minute sweep: no event of its rooms reaches it any more.
 */
async function endEverySession(ctx: RequestContext, id: number): Promise<void> {
  await revokeUserSessions(ctx.db, id, 'suspended');
  await ctx.events.revokeUser(id);
}

async function loadOtherAccount(ctx: RequestContext, id: number) {
  const actor = requireAdmin(ctx);
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound();
  if (user.id === actor.userId) throw conflict(usersText(ctx.locale, 'selfChange'), 'self_change');
  return user;
}

/**
 * Suspends (ending every session and socket at once) or reactivates an account (platform
 * admin); the change and its audit entry commit together (audited).
 */
export async function changeAccountStatus(ctx: RequestContext, id: number, status: 'active' | 'suspended'): Promise<Row> {
  const user = await loadOtherAccount(ctx, id);
  if (user.status === status) {
    throw conflict(usersText(ctx.locale, status === 'suspended' ? 'alreadySuspended' : 'alreadyActive'), 'same_status');
  }
  await audited(ctx, async (tx) => {
    if (status === 'suspended') await assertNotLastActiveAdmin(tx.db, id, ctx.locale);
    await updateUser(tx.db, id, { status });
    if (status === 'suspended') await endEverySession(tx, id);
    else await tx.events.invalidateActors({ userId: id });
    await audit(tx, { action: status === 'suspended' ? 'user.suspend' : 'user.reactivate', objectType: 'user', objectId: id, before: { status: user.status }, after: { status } });
  });
  return getUser(ctx, id);
}

/** Removes an account (soft delete, platform admin); its sessions and sockets end; audited. */
export async function deleteAccount(ctx: RequestContext, id: number): Promise<void> {
  const user = await loadOtherAccount(ctx, id);
  await audited(ctx, async (tx) => {
    await assertNotLastActiveAdmin(tx.db, id, ctx.locale);
    await tx.db.orm.update(users).set({ deleted_at: new Date(), updated_at: new Date() }).where(eq(users.id, id));
    await endEverySession(tx, id);
    await audit(tx, { action: 'user.delete', objectType: 'user', objectId: id, before: { status: user.status, type: user.type } });
  });
}
