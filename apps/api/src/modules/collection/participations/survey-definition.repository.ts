import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { choices, questions, steps, type surveys } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { findSurveyForCaller, loadSurveyStructure } from '../../surveys/surveys/survey-participation';

export type SurveyRow = typeof surveys.$inferSelect;

export interface DefinitionChoice {
  id: number;
  label: string;
  value: string;
  score: number | null;
}

export interface DefinitionQuestion {
  id: number;
  step_id: number | null;
  label: string;
  type: string;
  required: boolean;
  settings: Record<string, unknown>;
  condition: Record<string, unknown> | null;
  choices: DefinitionChoice[];
}

export interface SurveyDefinition {
  survey: SurveyRow;
  /** Active questions of active steps, in answering order (step position, then question position). */
  questions: DefinitionQuestion[];
  byId: Map<number, DefinitionQuestion>;
}

/**
 * The survey a submission names: by `survey_code`, or by `survey_id` for agents of its
 * company only (findSurveyForCaller); both given, they must name the same survey. null
 * when nothing is found, which callers answer like an unknown code.
 */
export async function findNamedSurvey(ctx: RequestContext, named: { survey_id?: number; survey_code?: string }): Promise<SurveyRow | null> {
  const ref = named.survey_code ?? named.survey_id;
  if (ref === undefined) return null;
  const survey = await findSurveyForCaller(ctx, ref);
  return survey && (named.survey_id === undefined || named.survey_id === survey.id) ? survey : null;
}

/** The questions a respondent is asked (the structure GET surveys/{id}/participate shows). */
export async function loadAnswerableDefinition(db: Database, survey: SurveyRow): Promise<SurveyDefinition> {
  const structure = await loadSurveyStructure(db, survey.id);
  const list: DefinitionQuestion[] = structure.flatMap((step) =>
    step.questions.map((q) => ({
      id: q.id,
      step_id: q.step_id,
      label: q.label,
      type: q.type,
      required: q.required,
      settings: q.settings ?? {},
      condition: q.condition ?? null,
      choices: q.choices.map((c) => ({ id: c.id, label: c.label, value: c.value, score: c.score })),
    })),
  );
  return { survey, questions: list, byId: new Map(list.map((q) => [q.id, q])) };
}

/**
 * Every question of a survey in order, inactive ones and their steps included: stored
 * answers may refer to them (review, results).
 */
export async function loadSurveyDefinition(db: Database, survey: SurveyRow): Promise<SurveyDefinition> {
  const rows = await db.orm
    .select({
      id: questions.id,
      step_id: questions.step_id,
      label: questions.label,
      type: questions.type,
      required: questions.required,
      settings: questions.settings,
      condition: questions.condition,
    })
    .from(questions)
    .leftJoin(steps, eq(steps.id, questions.step_id))
    .where(
eq(questions.survey_id, survey.id))
    .orderBy(sql`coalesce(${steps.position}, -1)`, asc(steps.id), asc(questions.position), asc(questions.id));
  const ids = rows.map((q) => q.id);
  const choiceRows = ids.length
    ? await db.orm
        .select({ id: choices.id, question_id: choices.question_id, label: choices.label, value: choices.value, score: choices.score })
        .from(choices)
        .where(inArray(choices.question_id, ids))
        .orderBy(asc(choices.position), asc(choices.id))
    : [];
  const byQuestion = new Map<number, DefinitionChoice[]>();
  for (const c of choiceRows) {
    const list = byQuestion.get(c.question_id) ?? [];
    list.push({ id: c.id, label: c.label, value: c.value, score: c.score });
    byQuestion.set(c.question_id, list);
  }
  const list = rows.map((q) => ({ ...q, settings: q.settings ?? {}, choices: byQuestion.get(q.id) ?? [] }));
  return { survey, questions: list, byId: new Map(list.map((q) => [q.id, q])) };
}
