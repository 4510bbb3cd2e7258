import type { Locale } from '@app/contracts';
import { type AgentImportRow, agentImportRow } from '@app/contracts/structure';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { assertWithinLimit } from '../../commerce/entitlements/limits';
import { agents, invitations, outbox, users } from '../../../db/schema';
import { expiryIn, invitationIsOpen } from '../../tenancy/invitations/invitation-expiry';
import { invitationNoticeMessage, invitationUrl } from '../../tenancy/invitations/invitation-messages';
import { INVITATION_TTL_DAYS } from '../../tenancy/invitations/invitations.schemas';
import type { TableRow } from './read-table';
import { importRowText } from './import-rows.texts';
import { type RowProblem, type ValidRow, validateRows, yieldToEventLoop } from './validate-rows';

/** Rows written per statement. */
const BATCH = 500;

/** Validates an agents file: the row schema, then no e-mail or phone twice in the file; told in `locale`. */
export function validateAgentRows(table: AsyncIterable<TableRow>, locale: Locale) {
  const firstRowOf = new Map<string, number>();
  return validateRows('agents', table, agentImportRow, locale, (value: AgentImportRow, row) => {
    const problems: RowProblem[] = [];
    for (const [address, key, text] of [
      [value.email, 'email', 'emailTwice'],
      [value.phone, 'phone', 'phoneTwice'],
    ] as const) {
      if (!address) continue;
      const first = firstRowOf.get(address);
      if (first !== undefined) problems.push({ row, key, message: importRowText(locale, text, { first }) });
      else firstRowOf.set(address, row);
    }
    return problems;
  });
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface InviteContext {
  companyId: number;
  companyName: string;
  hostAgentId: number | null;
  hostName: string;
  /** The app's public address, before the invitation links of the e-mails and SMS. */
  linkBase: string;
  /** The importer's language, for the plan-limit refusal. */
  locale: string;
}

/** Guests who have an account: they are told live once the import is committed. */
export interface InvitedAccount {
  userId: number;
  invitationId: number;
}

/**
 * Invites the people of the rows as the invitations flow does (an invitation per person,
 * linked to an existing account when the e-mail or phone has one, and an e-mail or SMS
 * in the outbox), in batches. Members and people already invited are left as they are,
 * so importing the same rows again creates nothing.
 */
export async function inviteAgents(tx: Database, who: InviteContext, rows: ValidRow<AgentImportRow>[]) {
  let created = 0;
  const accounts: InvitedAccount[] = [];
  for (const batch of chunks(rows, BATCH)) {
    const emails = batch.map((r) => r.value.email).filter((e): e is string => Boolean(e));
    const phones = batch.map((r) => r.value.phone).filter((p): p is string => Boolean(p));
    const byAddress: Array<ReturnType<typeof eq>> = [];
    if (emails.length) byAddress.push(inArray(sql`lower(${users.email})`, emails));
    if (phones.length) byAddress.push(inArray(users.phone, phones));
    const known = await tx.orm
      .select({ id: users.id, email: users.email, phone: users.phone })
      .from(users)
      .where(or(...byAddress));
    const userByEmail = new Map(known.filter((u) => u.email).map((u) => [u.email!.toLowerCase(), u.id]));
    const userByPhone = new Map(known.filter((u) => u.phone).map((u) => [u.phone!, u.id]));
    const members = new Set(
      known.length === 0
        ? []
        : (
            await tx.orm
              .select({ user_id: agents.user_id })
              .from(agents)
              .where(and(eq(agents.company_id, who.companyId), inArray(agents.user_id, known.map((u) => u.id)), isNull(agents.deleted_at)))
          ).map((a) => a.user_id),
    );
    const pendingWhere = [];
    if (emails.length) pendingWhere.push(inArray(sql`lower(${invitations.email})`, emails));
    if (phones.length) pendingWhere.push(inArray(invitations.phone, phones));
    const pending = await tx.orm
      .select({ email: invitations.email, phone: invitations.phone })
      .from(invitations)
      .where(and(eq(invitations.company_id, who.companyId), invitationIsOpen(), or(...pendingWhere)));
    const pendingKeys = new Set(pending.flatMap((p) => [p.email?.toLowerCase(), p.phone].filter(Boolean)));

    const fresh = batch.filter(({ value }) => {
      const userId = (value.email && userByEmail.get(value.email)) || (value.phone && userByPhone.get(value.phone)) || null;
      if (userId && members.has(userId)) return false;
      return !(value.email && pendingKeys.has(value.email)) && !(value.phone && pendingKeys.has(value.phone));
    });
    if (fresh.length === 0) continue;
    // The agents limit counts pending invitations as seats (usage.ts), as POST invitations does.
    await assertWithinLimit(tx, who.companyId, 'agents', who.locale, fresh.length);
    const values = fresh.map(({ value }) => {
      const guest = (value.email && userByEmail.get(value.email)) || (value.phone && userByPhone.get(value.phone)) || null;
      const datas = Object.fromEntries(
        Object.entries({ job: value.job, first_name: value.first_name, last_name: value.last_name }).filter(([, v]) => v),
      );
      return {
        company_id: who.companyId,
        host_agent_id: who.hostAgentId,
        guest_user_id: guest,
        email: value.email ?? null,
        phone: value.phone ?? null,
        datas,
        expires_at: expiryIn(INVITATION_TTL_DAYS),
      };
    });
    const inserted = await tx.orm
      .insert(invitations)
      .values(values)
      .returning({ id: invitations.id, guest_user_id: invitations.guest_user_id, code: invitations.code, email: invitations.email, phone: invitations.phone });
    for (const row of inserted) if (row.guest_user_id) accounts.push({ userId: row.guest_user_id, invitationId: row.id });
    // Each message carries its own invitation's code (e-mails and phones are unique in a file).
    const codeOf = new Map(inserted.flatMap((row) => [row.email, row.phone].filter(Boolean).map((key) => [key, row.code] as const)));
    const messages = values
      .map((v) => ({ v, code: codeOf.get(v.email ?? v.phone ?? '') ?? '' }))
      .map(({ v, code }) =>
        invitationNoticeMessage({
          email: v.email,
          phone: v.phone,
          hostName: who.hostName,
          companyName: who.companyName,
          hasAccount: Boolean(v.guest_user_id),
          code,
          link: invitationUrl(who.linkBase, code),
        }),
      )
      .filter((m) => m !== null)
      .map((m) => ({ channel: m.channel, destination: m.to, subject: m.subject ?? null, body: m.body }));
    if (messages.length) await tx.orm.insert(outbox).values(messages);
    created += inserted.length;
    await yieldToEventLoop();
  }
  return { created, skipped: rows.length - created, accounts };
}
