import { collectConditionQuestionIds } from '@app/contracts/survey-conditions';
import { displayConditionSchema } from '@app/contracts/survey-condition-schema';
import type { Question, Step, StepWithQuestions, Survey } from '../survey.types';
import { type ConditionProblemKey, conditionProblemKey } from './condition-model';

type Ordered = { id: number; position: number };

/** Items in display order: position, then id (older first) for equal positions. */
export function sortByPosition<T extends Ordered>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.position - b.position || a.id - b.id);
}

/**
 * The builder's working shape: steps in order, each with its questions in order, and
 * their choices in order. Questions without a known step are left out (the server
 * only keeps step questions on a survey).
 */
export function buildStructure(survey: Pick<Survey, 'steps' | 'questions'>): StepWithQuestions[] {
  const byStep = new Map<number, Question[]>();
  for (const question of survey.questions ?? []) {
    if (question.step_id == null) continue;
    const list = byStep.get(question.step_id) ?? [];
    list.push({ ...question, choices: sortByPosition(question.choices ?? []) });
    byStep.set(question.step_id, list);
  }
  return sortByPosition(survey.steps ?? []).map((step: Step) => ({ ...step, questions: sortByPosition(byStep.get(step.id) ?? []) }));
}

/** Every question in answering order (steps in order, then questions in order). */
export function flattenQuestions(structure: readonly StepWithQuestions[]): Question[] {
  return structure.flatMap((step) => step.questions);
}

/** A copy of `list` with the item at `index` moved by `delta` places; unchanged at the edges. */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length || delta === 0) return [...list];
  const copy = [...list];
  const [item] = copy.splice(index, 1);
  copy.splice(target, 0, item);
  return copy;
}

/** The ids of `list` once the item `id` moved by `delta`; null when it cannot move that way. */
export function idsAfterMove(list: readonly { id: number }[], id: number, delta: number): number[] | null {
  const index = list.findIndex((item) => item.id === id);
  const target = index + delta;
  if (index < 0 || target < 0 || target >= list.length) return null;
  return moveItem(list, index, delta).map((item) => item.id);
}

/** The position a new item takes at the end of `items`. */
export function nextPosition(items: readonly { position: number }[]): number {
  return items.reduce((max, item) => Math.max(max, item.position + 1), 0);
}

/**
 * The questions a display condition may look at: those asked before the question
 * (earlier steps, then earlier in its own step). For a new question (`questionId`
 * null) that is every question up to the end of its step.
 */
export function earlierQuestions(structure: readonly StepWithQuestions[], stepId: number, questionId: number | null): Question[] {
  const earlier: Question[] = [];
  for (const step of structure) {
    if (step.id !== stepId) {
      earlier.push(...step.questions);
      continue;
    }
    for (const question of step.questions) {
      if (question.id === questionId) return earlier;
      earlier.push(question);
    }
    return earlier;
  }
  return earlier;
}

/** Questions whose display condition looks at `questionId` (to warn before deleting or moving it). */
export function questionsDependingOn(structure: readonly StepWithQuestions[], questionId: number): Question[] {
  return flattenQuestions(structure).filter((question) => {
    const parsed = displayConditionSchema.safeParse(question.condition);
    return parsed.success && collectConditionQuestionIds(parsed.data).includes(questionId);
  });
}

/**
 * Questions whose condition now refers to a question that is not asked before them
 * (after a move or a deletion): the server would refuse such a condition, and the
 * answering page would never show the question as intended.
 */
export function brokenConditions(structure: readonly StepWithQuestions[]): Map<number, ConditionProblemKey> {
  const problems = new Map<number, ConditionProblemKey>();
  const seen: number[] = [];
  for (const question of flattenQuestions(structure)) {
    const problem = conditionProblemKey(question.condition, seen);
    if (problem) problems.set(question.id, problem);
    seen.push(question.id);
  }
  return problems;
}

/** Builder counts shown in the header: steps, questions, required questions, conditional questions. */
export function structureStats(structure: readonly StepWithQuestions[]) {
  const questions = flattenQuestions(structure);
  return {
    steps: structure.length,
    questions: questions.length,
    required: questions.filter((q) => q.required).length,
    conditional: questions.filter((q) => q.condition != null).length,
  };
}
