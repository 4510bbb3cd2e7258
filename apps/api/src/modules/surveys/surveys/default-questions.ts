import type { EffectiveDefaultQuestions } from '@app/contracts/admin-catalogue';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { questions, steps } from '../../../db/schema';
import { defaultQuestionsText } from './default-questions.texts';
import { cloneQuestions, type QuestionRow, remapConditions } from './survey-structure';
import type { SurveyRow } from './surveys.repository';

type Kind = NonNullable<QuestionRow['default_for']>;

function activeDefaults(db: Database, owner: number | null, kind: Kind): Promise<QuestionRow[]> {
  return db.orm
    .select()
    .from(questions)
    .where(
      and(
        owner == null ? isNull(questions.company_id) : eq(questions.company_id, owner),
        isNull(questions.survey_id),
        eq(questions.default_for, kind),
        eq(questions.state, 'active'),
      ),
    )
    .orderBy(asc(questions.position), asc(questions.id));
}

/**
 * THE rule of default questions (the one place it lives): a company's new evaluation of
 * `kind` starts with the company's own active default questions of that kind when it has
 * any (they override the platform's set as a whole), else with the platform's (company
 * null, edited by the platform's team). Active ones only, in position order. Read by the
 * survey creation below and by the back office's company page (what it would start with).
 */
export async function findDefaultQuestions(db: Database, companyId: number, kind: Kind): Promise<{ source: EffectiveDefaultQuestions['source']; questions: QuestionRow[] }> {
  const own = await activeDefaults(db, companyId, kind);
  if (own.length > 0) return { source: 'company', questions: own };
  const platform = await activeDefaults(db, null, kind);
  return { source: platform.length > 0 ? 'platform' : 'none', questions: platform };
}

/** What a company's new evaluation of `kind` would start with, for the back office. */
export async function effectiveDefaultQuestions(db: Database, companyId: number, kind: Kind): Promise<EffectiveDefaultQuestions> {
  const { source, questions: rows } = await findDefaultQuestions(db, companyId, kind);
  return {
    source,
    questions: rows.map((q) => ({ id: q.id, label: q.label, type: q.type, required: q.required, position: q.position, company_id: q.company_id })),
  };
}

/**
 * A new evaluation starts with the default questions of its target kind (the rule above)
 * in a first step, titled in the creator's language (`locale`: it is stored, as a title
 * they would have typed); nothing is added when there are none.
 */
export async function addDefaultQuestions(tx: Database, survey: SurveyRow, locale: string): Promise<void> {
  if (survey.type !== 'evaluation' || !survey.target_kind || survey.company_id == null) return;
  const { questions: defaults } = await findDefaultQuestions(tx, survey.company_id, survey.target_kind);
  if (defaults.length === 0) return;
  const [step] = await tx.orm
    .insert(steps)
    .values({ survey_id: survey.id, company_id: survey.company_id, title: defaultQuestionsText(locale, 'stepTitle'), position: 0 })
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
