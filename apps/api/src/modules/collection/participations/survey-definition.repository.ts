import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { isSurveyIdRef } from '@app/contracts/survey-ref';
import { runNamed } from '../../../db/named';
import { choices, companies, participations, questions, steps, surveyStructureVersions, surveys } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { hasWebhookFor } from '../../messaging/webhooks/webhook-events';
import { type DefinitionStep as KeptDefinitionStep, loadSurveyStructure, surveyStructureAt } from '../../surveys/surveys/answering-structure';
import { callerMayName, liveSurveyByRef } from '../../surveys/surveys/survey-participation';

export type SurveyRow = typeof surveys.$inferSelect;
type ParticipationRow = typeof participations.$inferSelect;

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

export interface NamedSurvey {
  survey: SurveyRow;
  /** The survey's structure version read with it (survey_structure_versions; 0: no row). */
  structureVersion: number;
  /** The participation already stored under the request's client_uuid, read in the same statement. */
  earlier: ParticipationRow | null;
  /** Whether the company has a webhook endpoint for participation.submitted (else none is looked up after). */
  webhooks: boolean;
}

/**
 * The survey a submission names: by `survey_code`, or by `survey_id` for agents of its
 * company only (findSurveyForCaller's rule); both given, they must name the same survey.
 * null when nothing is found, which callers answer like an unknown code. One statement
 * also brings the survey's structure version and the participation stored under
 * `clientUuid`, whatever its survey (the caller compares), and whether the company
 * listens to submissions by webhook.
 */
export async function findNamedSurvey(
  ctx: RequestContext,
  named: { survey_id?: number; survey_code?: string },
  clientUuid: string,
): Promise<NamedSurvey | null> {
  const ref = named.survey_code ?? named.survey_id;
  const where = ref === undefined ? null : liveSurveyByRef(ref);
  if (ref === undefined || !where) return null;
  const [row] = await runNamed(
    ctx.db.orm
    .select({
      survey: surveys,
      structureVersion: sql<number>`coalesce(${surveyStructureVersions.version}, 0)`.mapWith(Number),
      earlier: participations,
      webhooks: hasWebhookFor(surveys.company_id, 'participation.submitted'),
    })
    .from(surveys)
    .innerJoin(companies, eq(companies.id, surveys.company_id))
    .leftJoin(surveyStructureVersions, eq(surveyStructureVersions.survey_id, surveys.id))
    .leftJoin(participations, eq(participations.client_uuid, clientUuid))
    .where(where),
    // Two texts: a survey named by id, or by code.
    `submit_survey_by_${isSurveyIdRef(ref) ? 'id' : 'code'}`,
  );
  if (!row || !callerMayName(ctx, ref, row.survey)) return null;
  if (named.survey_id !== undefined && named.survey_id !== row.survey.id) return null;
  return row;
}

type AnswerableStructure = Pick<SurveyDefinition, 'questions' | 'byId'>;

/** The questions in the shape the answer rules read, frozen: one structure serves many requests. */
function answerableOf(structure: readonly KeptDefinitionStep[]): AnswerableStructure {
  const list: DefinitionQuestion[] = structure.flatMap((step) =>
    step.questions.map((q) =>
      Object.freeze({
        id: q.id,
        step_id: q.step_id,
        label: q.label,
        type: q.type,
        required: q.required,
        settings: Object.freeze(q.settings ?? {}),
        condition: q.condition ? Object.freeze(q.condition) : null,
        choices: Object.freeze(q.choices.map((c) => Object.freeze({ id: c.id, label: c.label, value: c.value, score: c.score }))) as DefinitionChoice[],
      }),
    ),
  );
  return { questions: Object.freeze(list) as DefinitionQuestion[], byId: new Map(list.map((q) => [q.id, q])) };
}

const ANSWERABLE = Symbol('answerable questions');

/**
 * The questions a respondent is asked (the structure GET surveys/{id}/participate shows).
 * Given the structure version read with the survey, from this process's memory while it
 * is current (surveyStructureAt); without one, read now.
 */
export async function loadAnswerableDefinition(db: Database, survey: SurveyRow, structureVersion?: number): Promise<SurveyDefinition> {
  if (structureVersion === undefined) return { survey, ...answerableOf(await loadSurveyStructure(db, survey.id)) };
  const structure = await surveyStructureAt(db, survey.id, structureVersion);
  return { survey, ...structure.derived(ANSWERABLE, answerableOf) };
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
