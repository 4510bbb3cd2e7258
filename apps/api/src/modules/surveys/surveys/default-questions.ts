import type { Database } from '../../../db/client';
import { steps } from '../../../db/schema';
import { cloneQuestions, findDefaultQuestions, remapConditions } from './survey-structure';
import type { SurveyRow } from './surveys.repository';

export const DEFAULT_QUESTIONS_STEP_TITLE = 'Questions générales';

/**
 * A new evaluation starts with the default questions of its target kind (the company's,
 * else the platform's) in a first step; nothing is added when there are none.
 */
export async function addDefaultQuestions(tx: Database, survey: SurveyRow): Promise<void> {
  if (survey.type !== 'evaluation' || !survey.target_kind || survey.company_id == null) return;
  const defaults = await findDefaultQuestions(tx, survey.company_id, survey.target_kind);
  if (defaults.length === 0) return;
  const [step] = await tx.orm
    .insert(steps)
    .values({ survey_id: survey.id, company_id: survey.company_id, title: DEFAULT_QUESTIONS_STEP_TITLE, position: 0 })
    .returning({ id: steps.id });
  const maps = await cloneQuestions(tx, defaults, (q) => ({
    survey_id: survey.id,
    step_id: step.id,
    company_id: survey.company_id,
    default_for: null,
    position: q.position,
  }));
  await remapConditions(tx, defaults, maps);
}
