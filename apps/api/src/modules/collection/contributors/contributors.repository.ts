import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { agents, contributors, participations, steps } from '../../../db/schema';

export type ContributorRow = typeof contributors.$inferSelect;

export async function findCompanyParticipation(db: Database, companyId: number, id: number) {
  const [row] = await db.orm
    .select()
    .from(participations)
    .where(and(eq(participations.id, id), eq(participations.company_id, companyId), sql`${participations.deleted_at} IS NULL`));
  return row ?? null;
}

/** The ids among `stepIds` that are not steps of the survey. */
export async function unknownSteps(db: Database, surveyId: number, stepIds: number[]): Promise<number[]> {
  if (stepIds.length === 0) return [];
  const found = await db.orm.select({ id: steps.id }).from(steps).where(and(eq(steps.survey_id, surveyId), inArray(steps.id, stepIds)));
  const known = new Set(found.map((s) => s.id));
  return stepIds.filter((id) => !known.has(id));
}

export async function findContributorOf(db: Database, participationId: number, userId: number): Promise<ContributorRow | null> {
  const [row] = await db.orm
    .select()
    .from(contributors)
    .where(and(eq(contributors.participation_id, participationId), eq(contributors.user_id, userId)));
  return row ?? null;
}

/**
 * Whether the company already knows this account: one of its agents (past or present)
 * or someone who answered one of its surveys. Only such accounts can be invited by
 * user_id, so that an id cannot be used to reach (and name) any account of the platform.
 */
export async function isKnownToCompany(db: Database, companyId: number, userId: number): Promise<boolean> {
  const member = await db.orm
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.company_id, companyId), eq(agents.user_id, userId)))
    .limit(1);
  if (member.length > 0) return true;
  const respondent = await db.orm
    .select({ id: participations.id })
    .from(participations)
    .where(and(eq(participations.company_id, companyId), eq(participations.user_id, userId), sql`${participations.deleted_at} IS NULL`))
    .limit(1);
  return respondent.length > 0;
}
