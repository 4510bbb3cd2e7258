import type { SurveyTargetKind } from '@app/contracts/surveys';
import { and, desc, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { surveys } from '../../../db/schema';

/** How many open surveys a public page lists at most. */
export const OPEN_SURVEYS_LIMIT = 100;

/**
 * The surveys a company opens to answers now (published, active, available, within
 * their dates), newest first; `evaluating` keeps the evaluation surveys of one target kind.
 * `forThePublic` (the company's public page, read by anonymous visitors) leaves out the
 * internal grids: a survey a monitor uses is the supervisors' visit form, not the public's.
 */
export async function findOpenSurveys(db: Database, companyId: number, evaluating?: SurveyTargetKind, options: { forThePublic?: boolean } = {}) {
  const now = new Date();
  const conditions: SQL[] = [
    eq(surveys.company_id, companyId),
    eq(surveys.is_template, false),
    isNull(surveys.deleted_at),
    eq(surveys.status, 'published'),
    eq(surveys.active, true),
    eq(surveys.availability, 'available'),
    or(isNull(surveys.opens_at), lte(surveys.opens_at, now))!,
    or(isNull(surveys.closes_at), gt(surveys.closes_at, now))!,
  ];
  if (evaluating) conditions.push(eq(surveys.type, 'evaluation'), eq(surveys.target_kind, evaluating));
  if (options.forThePublic) conditions.push(sql`NOT EXISTS (SELECT 1 FROM monitors m WHERE m.survey_id = ${surveys.id} AND m.deleted_at IS NULL)`);
  return db.orm
    .select()
    .from(surveys)
    .where(and(...conditions))
    .orderBy(desc(surveys.published_at), desc(surveys.id))
    .limit(OPEN_SURVEYS_LIMIT);
}
