import { isChoiceQuestionType } from '@app/contracts/survey-questions';
import type { ConditionNode, DisplayCondition } from '@app/contracts/survey-conditions';
import { asc, eq, inArray, } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { choices, questions, steps } from '../../../db/schema';

export type QuestionRow = typeof questions.$inferSelect;
type IdMap = Map<number, number>;

export interface CloneMaps {
  questions: IdMap;
  choices: IdMap;
}

/** Where a copied question goes. */
export interface QuestionPlacement {
  survey_id: number | null;
  step_id: number | null;
  company_id: number | null;
  default_for?: QuestionRow['default_for'];
  position: number;
}

/**
 * Copies questions with their choices; `place` decides where each copy lands. Conditions
 * are copied as they are: call `remapConditions` once every copy of a structure exists.
 */
export async function cloneQuestions(
  tx: Database,
  source: QuestionRow[],
  place: (q: QuestionRow) => QuestionPlacement,
): Promise<CloneMaps> {
  const maps: CloneMaps = { questions: new Map(), choices: new Map() };
  if (source.length === 0) return maps;
  const sourceChoices = await tx.orm
    .select()
    .from(choices)
    .where(inArray(choices.question_id, source.map((q) => q.id)))
    .orderBy(asc(choices.position), asc(choices.id));
  for (const q of source) {
    const { id: _id, created_at: _c, updated_at: _u, ...rest } = q;
    const placement = place(q);
    const [copy] = await tx.orm
      .insert(questions)
      .values({ ...rest, ...placement, default_for: placement.default_for ?? null })
      .returning({ id: questions.id });
    maps.questions.set(q.id, copy.id);
    const own = sourceChoices.filter((c) => c.question_id === q.id);
    // One statement per question, one row per choice, in order: ids follow positions.
    for (const c of own) {
      const [choiceCopy] = await tx.orm
        .insert(choices)
        .values({ question_id: copy.id, company_id: placement.company_id, label: c.label, value: c.value, position: c.position, score: c.score })
        .returning({ id: choices.id });
      maps.choices.set(c.id, choiceCopy.id);
    }
  }
  return maps;
}

function remapValue(value: unknown, choiceMap: IdMap): unknown {
  if (Array.isArray(value)) return value.map((v) => remapValue(v, choiceMap));
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
  if (id === null || !choiceMap.has(id)) return value;
  return typeof value === 'number' ? choiceMap.get(id) : String(choiceMap.get(id));
}

/**
 * A condition with its references moved to the copies: question ids always, and the
 * compared values of choice questions (choice ids). References outside the copied set
 * stay as they are (a duplicated step still looks at the earlier steps of its survey).
 */
export function remapCondition(condition: unknown, maps: CloneMaps, choiceQuestionIds: ReadonlySet<number>): unknown {
  if (!condition || typeof condition !== 'object') return condition;
  const walk = (node: ConditionNode): ConditionNode => {
    if ('all' in node) return { all: node.all.map(walk) };
    if ('any' in node) return { any: node.any.map(walk) };
    const rule = node;
    if (typeof rule.question_id !== 'number') return rule;
    const next = { ...rule, question_id: maps.questions.get(rule.question_id) ?? rule.question_id };
    if (choiceQuestionIds.has(rule.question_id) && rule.value !== undefined) next.value = remapValue(rule.value, maps.choices);
    return next;
  };
  return walk(condition as DisplayCondition);
}

/** Rewrites the conditions of the copies made in `maps` so they point at copies. */
export async function remapConditions(tx: Database, source: QuestionRow[], maps: CloneMaps, referenced: QuestionRow[] = source): Promise<void> {
  const choiceQuestionIds = new Set(referenced.filter((q) => isChoiceQuestionType(q.type)).map((q) => q.id));
  for (const q of source) {
    if (q.condition == null) continue;
    const copyId = maps.questions.get(q.id);
    if (copyId === undefined) continue;
    const condition = remapCondition(q.condition, maps, choiceQuestionIds) as Record<string, unknown>;
    await tx.orm.update(questions).set({ condition }).where(eq(questions.id, copyId));
  }
}

/** The questions of a survey in answering order (step position, then question position). */
export async function listSurveyQuestions(db: Database, surveyId: number): Promise<QuestionRow[]> {
  const rows = await db.orm
    .select({ question: questions })
    .from(questions)
    .innerJoin(steps, eq(steps.id, questions.step_id))
    .where(eq(questions.survey_id, surveyId))
    .orderBy(asc(steps.position), asc(steps.id), asc(questions.position), asc(questions.id));
  return rows.map((r) => r.question);
}

/**
 * Deep copy of a survey's structure (steps, questions, choices, conditions) into
 * another survey owned by `companyId`.
 */
export async function copySurveyStructure(tx: Database, fromSurveyId: number, toSurveyId: number, companyId: number | null): Promise<CloneMaps> {
  const sourceSteps = await tx.orm
    .select()
    .from(steps)
    .where(eq(steps.survey_id, fromSurveyId))
    .orderBy(asc(steps.position), asc(steps.id));
  const stepMap: IdMap = new Map();
  for (const s of sourceSteps) {
    const [copy] = await tx.orm
      .insert(steps)
      .values({ survey_id: toSurveyId, company_id: companyId, title: s.title, description: s.description, position: s.position, state: s.state })
      .returning({ id: steps.id });
    stepMap.set(s.id, copy.id);
  }
  const sourceQuestions = await listSurveyQuestions(tx, fromSurveyId);
  const maps = await cloneQuestions(tx, sourceQuestions, (q) => ({
    survey_id: toSurveyId,
    step_id: stepMap.get(q.step_id!)!,
    company_id: companyId,
    position: q.position,
  }));
  await remapConditions(tx, sourceQuestions, maps);
  return maps;
}
