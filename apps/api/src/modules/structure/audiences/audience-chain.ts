import type { AudiencePopulation } from '@app/contracts/structure';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { audiences } from '../../../db/schema';
import type { Database } from '../../../db/client';
import { type AudienceLevel, audienceMembersSql } from '../audience-rules/compile-rule';

/** How deep sub-audiences nest (an audience, its subs, their subs). */
export const MAX_AUDIENCE_DEPTH = 3;

export interface AudienceChain {
  population: AudiencePopulation;
  /** Root first, the audience itself last. */
  levels: AudienceLevel[];
}

/** The audience and its ancestors within the company; null when absent or deleted. */
export async function loadAudienceChain(db: Database, companyId: number, id: number): Promise<AudienceChain | null> {
  const levels: AudienceLevel[] = [];
  let population: AudiencePopulation | null = null;
  let next: number | null = id;
  while (next !== null && levels.length <= MAX_AUDIENCE_DEPTH) {
    const [row] = await db.orm
      .select()
      .from(audiences)
      .where(and(eq(audiences.id, next), eq(audiences.company_id, companyId), isNull(audiences.deleted_at)));
    if (!row) return null;
    levels.unshift({ id: row.id, mode: row.mode, rule: row.rule ?? null });
    population = row.population;
    next = row.parent_id;
  }
  return population ? { population, levels } : null;
}

/** How many people an audience reaches now. */
export async function countAudience(db: Database, companyId: number, chain: AudienceChain): Promise<number> {
  const [row] = await db.rows<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM (${audienceMembersSql(chain.population, chain.levels, companyId)}) AS members`,
  );
  return row.count;
}
