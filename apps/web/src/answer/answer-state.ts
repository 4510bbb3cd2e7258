/**
 * The pure rules of the answering page: which questions and steps are visible, what is
 * wrong on a step, what goes to the server. Validation and display conditions come from
 * contracts, so the phone refuses exactly what the server would refuse.
 */
import { isAnswerEmpty, normalizeAnswer, validateAnswer } from '@app/contracts/survey-answers';
import { resolveVisibleQuestions } from '@app/contracts/survey-conditions';
import type { AnswerDefinition, AnswerQuestion, AnswerStep, PendingMedia, UploadedMedia } from './answer-types';
import { M } from './messages';

/** Local answers by question id (object keys are the ids as text, to fit JSON storage). */
export type AnswerMap = Record<string, unknown>;

const MEDIA_TYPES = new Set(['file', 'photo', 'signature']);

export function isMediaQuestion(q: Pick<AnswerQuestion, 'type'>): boolean {
  return MEDIA_TYPES.has(q.type);
}

export function isPendingMedia(value: unknown): value is PendingMedia {
  return typeof value === 'object' && value !== null && typeof (value as PendingMedia).pending === 'string';
}

export function isUploadedMedia(value: unknown): value is UploadedMedia {
  return typeof value === 'object' && value !== null && typeof (value as UploadedMedia).id === 'number';
}

export interface AnswerModel {
  definition: AnswerDefinition;
  /** Every question of the survey in answering order (conditions look back across steps). */
  questions: AnswerQuestion[];
  byId: Map<number, AnswerQuestion>;
  /** The steps this respondent fills: all of them, or those of the link's `steps`. */
  steps: AnswerStep[];
}

/** Step ids from a link's `steps` (or `can`) value: "3,5" or "3-5" style lists of ids. */
export function parseStepIds(value: string | undefined | null): number[] {
  if (!value) return [];
  return value
    .split(/[^0-9]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
}

export function createModel(definition: AnswerDefinition, allowedStepIds: number[] = []): AnswerModel {
  const questions = definition.steps.flatMap((s) => s.questions);
  const allowed = new Set(allowedStepIds);
  const own = allowed.size ? definition.steps.filter((s) => allowed.has(s.id)) : definition.steps;
  // A `steps` list naming none of the survey's steps is stale: fall back to every step.
  const steps = (own.length ? own : definition.steps).filter((s) => s.questions.length > 0);
  return { definition, questions, byId: new Map(questions.map((q) => [q.id, q])), steps };
}

/**
 * Answers as the server will store them (canonical values), which is what display
 * conditions compare. A photo still waiting for the network counts as answered.
 */
export function effectiveAnswers(model: AnswerModel, answers: AnswerMap): Map<number, unknown> {
  const out = new Map<number, unknown>();
  for (const [key, value] of Object.entries(answers)) {
    const q = model.byId.get(Number(key));
    if (!q) continue;
    if (isMediaQuestion(q) && isPendingMedia(value)) out.set(q.id, value.pending);
    else {
      const canonical = normalizeAnswer(q, isUploadedMedia(value) ? value.id : value);
      if (canonical !== null) out.set(q.id, canonical);
    }
  }
  return out;
}

export function visibleQuestionIds(model: AnswerModel, answers: AnswerMap): Set<number> {
  return resolveVisibleQuestions(model.questions, effectiveAnswers(model, answers));
}

/** Steps with at least one visible question: an emptied step is skipped, not shown blank. */
export function visibleSteps(model: AnswerModel, visible: Set<number>): AnswerStep[] {
  return model.steps.filter((s) => s.questions.some((q) => visible.has(q.id)));
}

/** The message (in the page's language) for one question's current value, null when it is acceptable. */
export function questionError(q: AnswerQuestion, value: unknown): string | null {
  const options = { messages: M.validation };
  if (isMediaQuestion(q)) {
    if (isPendingMedia(value)) return null;
    return validateAnswer(q, isUploadedMedia(value) ? value.id : value, options);
  }
  return validateAnswer(q, value, options);
}

/** Messages by question id for the visible questions of a step (hidden ones are never required). */
export function stepErrors(step: AnswerStep, answers: AnswerMap, visible: Set<number>): Map<number, string> {
  const errors = new Map<number, string>();
  for (const q of step.questions) {
    if (!visible.has(q.id)) continue;
    const message = questionError(q, answers[q.id]);
    if (message) errors.set(q.id, message);
  }
  return errors;
}

/** The first step (in the respondent's order) that still has an error, with its errors. */
export function firstInvalidStep(model: AnswerModel, answers: AnswerMap): { step: AnswerStep; errors: Map<number, string> } | null {
  const visible = visibleQuestionIds(model, answers);
  for (const step of visibleSteps(model, visible)) {
    const errors = stepErrors(step, answers, visible);
    if (errors.size) return { step, errors };
  }
  return null;
}

/**
 * The answers to send: visible, non-empty, valid for a partial save; media as their ids.
 * A file still waiting for the network travels as its pending marker, which the submit
 * queue uploads and swaps for the media id before posting.
 */
export function answersPayload(model: AnswerModel, answers: AnswerMap): Array<{ question_id: number; value: unknown }> {
  const visible = visibleQuestionIds(model, answers);
  const out: Array<{ question_id: number; value: unknown }> = [];
  for (const q of model.questions) {
    if (!visible.has(q.id)) continue;
    const value = answers[q.id];
    if (isAnswerEmpty(value)) continue;
    if (isMediaQuestion(q)) {
      if (isPendingMedia(value)) out.push({ question_id: q.id, value: { pending: value.pending, name: value.name } });
      else if (isUploadedMedia(value)) out.push({ question_id: q.id, value: value.id });
      continue;
    }
    // An invalid value would fail the whole save: it stays on the phone until corrected.
    if (validateAnswer(q, value, { enforceRequired: false }) === null) out.push({ question_id: q.id, value });
  }
  return out;
}

export interface Progress {
  /** 1-based position of the current step among the visible ones. */
  position: number;
  total: number;
  percent: number;
  isLast: boolean;
}

export function progressOf(steps: AnswerStep[], currentStepId: number | null): Progress {
  const total = Math.max(steps.length, 1);
  const index = Math.max(
    0,
    steps.findIndex((s) => s.id === currentStepId),
  );
  return { position: index + 1, total, percent: Math.round(((index + 1) / total) * 100), isLast: index >= steps.length - 1 };
}

/** The step to show: the saved one when still visible, else the first visible step after it, else the first. */
export function resumeStep(model: AnswerModel, steps: AnswerStep[], savedStepId: number | null | undefined): AnswerStep | null {
  if (steps.length === 0) return null;
  if (savedStepId == null) return steps[0];
  const exact = steps.find((s) => s.id === savedStepId);
  if (exact) return exact;
  const order = model.steps.map((s) => s.id);
  const savedAt = order.indexOf(savedStepId);
  return steps.find((s) => order.indexOf(s.id) > savedAt) ?? steps[steps.length - 1];
}

/** Server field errors `answers.{id}` as messages by question id. */
export function answerErrorsOf(details: Record<string, string[]> | undefined): Map<number, string> {
  const out = new Map<number, string>();
  for (const [key, messages] of Object.entries(details ?? {})) {
    const match = /^answers\.(\d+)/.exec(key);
    if (match && messages[0]) out.set(Number(match[1]), messages[0]);
  }
  return out;
}
