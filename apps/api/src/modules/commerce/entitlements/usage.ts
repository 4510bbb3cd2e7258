import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { invitationIsOpen } from '../../tenancy/invitations/invitation-expiry';
import type { FeatureSlug } from './catalogue';

/** Members who hold a seat: not deleted, not suspended. */
const members = (companyId: number) =>
  sql`SELECT count(*) FROM agents WHERE company_id = ${companyId} AND deleted_at IS NULL AND status <> 'suspended'`;

/** Invitations still waiting for an answer (tenancy's rule, on the database's clock): each one already holds a seat. */
const pendingInvitations = (companyId: number) =>
  sql`SELECT count(*) FROM invitations WHERE company_id = ${companyId} AND ${invitationIsOpen()}`;

/**
 * What a company uses of each feature now, as its limit counts it (storage in MB,
 * participations this calendar month). The agents limit counts seats: members plus pending
 * invitations, so a company may not promise more places than its plan holds. This one count
 * is used by the check (`assertWithinLimit`), its refusal's text and `GET features/usage`.
 */
const USAGE_SQL: Record<FeatureSlug, (companyId: number) => ReturnType<typeof sql>> = {
  surveys: (id) =>
    sql`SELECT count(*)::int AS n FROM surveys WHERE company_id = ${id} AND is_template = false AND deleted_at IS NULL`,
  agents: (id) => sql`SELECT ((${members(id)}) + (${pendingInvitations(id)}))::int AS n`,
  participations: (id) =>
    sql`SELECT count(*)::int AS n FROM participations WHERE company_id = ${id} AND created_at >= date_trunc('month', now())`,
  storage: (id) => sql`SELECT ceil(coalesce(sum(size), 0) / 1048576.0)::int AS n FROM medias WHERE company_id = ${id}`,
  articles: (id) => sql`SELECT count(*)::int AS n FROM articles WHERE company_id = ${id} AND deleted_at IS NULL`,
};

async function countOf(db: Database, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await db.rows<{ n: number }>(query);
  return Number(row?.n ?? 0);
}

/** What the feature's limit counts (see USAGE_SQL). */
export async function usageOf(db: Database, companyId: number, feature: FeatureSlug): Promise<number> {
  return countOf(db, USAGE_SQL[feature](companyId));
}

/** The part of the agents' seats held by pending invitations (shown beside the usage). */
export async function pendingInvitationSeats(db: Database, companyId: number): Promise<number> {
  return countOf(db, sql`SELECT (${pendingInvitations(companyId)})::int AS n`);
}

/**
 * What the company holds at a period's close, for the overage bill: an invitation nobody
 * answered is no agent, so only members are billed.
 */
export async function heldOf(db: Database, companyId: number, feature: FeatureSlug): Promise<number> {
  if (feature === 'agents') return countOf(db, sql`SELECT (${members(companyId)})::int AS n`);
  return usageOf(db, companyId, feature);
}
