import { collectConditionQuestionIds } from '@app/contracts/survey-conditions';
import { displayConditionSchema } from '@app/contracts/survey-condition-schema';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { questions, steps } from '../../../db/schema';
import { conflict, validationFailed } from '../../../http/errors';
import { questionRuleText } from '../questions/question-rules.texts';

/** The database and the caller's language (a request's context is one). */
interface TextContext {
  db: Database;
  locale: string;
}

/** A change to a survey's structure, checked before it is written. */
export interface StructureChange {
  /** New positions of steps. */
  stepPositions?: ReadonlyMap<number, number>;
  /** New placement or condition of existing questions. */
  questions?: ReadonlyMap<number, { step_id?: number; position?: number; condition?: unknown }>;
  /** A question about to be created (it gets no id until then). */
  added?: { step_id: number; position: number; condition: unknown };
}

interface Placed {
  id: number;
  label: string;
  stepPosition: number;
  stepId: number;
  position: number;
  condition: unknown;
}

function referencesOf(condition: unknown): number[] {
  if (condition == null) return [];
  const parsed = displayConditionSchema.safeParse(condition);
  return parsed.success ? collectConditionQuestionIds(parsed.data) : [];
}

/**
 * 422 on `field` when, after `change`, a display condition would look at a question that
 * is not asked before it (DOMAIN.md: conditions are on earlier answers).
 */
export async function assertConditionOrder({ db, locale }: TextContext, surveyId: number, change: StructureChange, field: string): Promise<void> {
  const stepRows = await db.orm.select({ id: steps.id, position: steps.position }).from(steps).where(eq(steps.survey_id, surveyId));
  const stepPosition = new Map(stepRows.map((s) => [s.id, change.stepPositions?.get(s.id) ?? s.position]));
  const rows = await db.orm
    .select({ id: questions.id, label: questions.label, step_id: questions.step_id, position: questions.position, condition: questions.condition })
    .from(questions)
    .where(eq(questions.survey_id, surveyId));
  const placed: Placed[] = rows.map((q) => {
    const next = change.questions?.get(q.id) ?? {};
    const stepId = next.step_id ?? q.step_id!;
    return {
      id: q.id,
      label: q.label,
      stepId,
      stepPosition: stepPosition.get(stepId) ?? 0,
      position: next.position ?? q.position,
      condition: next.condition !== undefined ? next.condition : q.condition,
    };
  });
  if (change.added) {
    // A new row gets the highest id: among equal positions it comes last.
    const { step_id, position, condition } = change.added;
    placed.push({ id: Number.MAX_SAFE_INTEGER, label: '', stepId: step_id, stepPosition: stepPosition.get(step_id) ?? 0, position, condition });
  }
  placed.sort((a, b) => a.stepPosition - b.stepPosition || a.stepId - b.stepId || a.position - b.position || a.id - b.id);
  const seen = new Set<number>();
  for (const q of placed) {
    const late = referencesOf(q.condition).filter((id) => !seen.has(id));
    if (late.length > 0) {
      const message = q.label ? questionRuleText(locale, 'conditionLooksAheadOf', { label: q.label }) : questionRuleText(locale, 'conditionLooksAhead');
      throw validationFailed({ [field]: [message] });
    }
    seen.add(q.id);
  }
}

/** 409 when a condition of another question of the survey looks at one of `removedIds`. */
export async function assertNotReferenced({ db, locale }: TextContext, surveyId: number, removedIds: number[]): Promise<void> {
  if (removedIds.length === 0) return;
  const removed = new Set(removedIds);
  const rows = await db.orm
    .select({ id: questions.id, label: questions.label, condition: questions.condition })
    .from(questions)
    .where(eq(questions.survey_id, surveyId));
  const dependent = rows.find((q) => !removed.has(q.id) && referencesOf(q.condition).some((id) => removed.has(id)));
  if (dependent) {
    throw conflict(questionRuleText(locale, 'conditionDependency', { label: dependent.label }), 'condition_dependency');
  }
}

/** Ids of the questions of some steps (for removing a step). */
export async function questionIdsOfSteps(db: Database, stepIds: number[]): Promise<number[]> {
  if (stepIds.length === 0) return [];
  const rows = await db.orm.select({ id: questions.id }).from(questions).where(inArray(questions.step_id, stepIds));
  return rows.map((r) => r.id);
}
