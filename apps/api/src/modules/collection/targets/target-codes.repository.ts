import type { CodedTargetKind } from '@app/contracts/targets';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { targetCodes } from '../../../db/schema';
import { generateSurveyCode } from '../../surveys/surveys/survey-code';

/**
 * The public codes of targets of one company, written for those that have none yet
 * (INSERT … ON CONFLICT DO NOTHING, so concurrent callers agree on one code). The caller
 * has checked that the ids are this company's `kind` objects.
 */
export async function ensureTargetCodes(db: Database, companyId: number, kind: CodedTargetKind, ids: readonly number[]): Promise<Map<number, string>> {
  const codes = new Map<number, string>();
  if (ids.length === 0) return codes;
  const read = async (wanted: readonly number[]) => {
    const rows = await db.orm
      .select({ id: targetCodes.target_id, code: targetCodes.code })
      .from(targetCodes)
      .where(and(eq(targetCodes.target_kind, kind), inArray(targetCodes.target_id, [...wanted])));
    for (const row of rows) codes.set(row.id, row.code);
  };
  await read(ids);
  // A random 8-character code rarely collides; a collision (on the code) leaves that
  // target without a row, and the next round gives it another code.
  for (let round = 0; round < 5; round++) {
    const missing = ids.filter((id) => !codes.has(id));
    if (missing.length === 0) break;
    await db.orm
      .insert(targetCodes)
      .values(missing.map((id) => ({ company_id: companyId, target_kind: kind, target_id: id, code: generateSurveyCode() })))
      .onConflictDoNothing();
    await read(missing);
  }
  return codes;
}

/** The target a public code names (any kind), or null. */
export async function findTargetCode(db: Database, code: string) {
  const [row] = await db.orm
    .select({ company_id: targetCodes.company_id, kind: targetCodes.target_kind, id: targetCodes.target_id, code: targetCodes.code })
    .from(targetCodes)
    .where(eq(targetCodes.code, code.trim().toUpperCase()))
    .limit(1);
  return row ?? null;
}
