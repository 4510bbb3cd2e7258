/**
 * Pure rules of a participation submission: the canonical payload hash of idempotency
 * and the answer check (types, visibility, required questions on submit).
 */
import { createHash } from 'node:crypto';
import { normalizeAnswer, resolveVisibleQuestions, scoreAnswer, validateAnswer } from '@app/contracts';
import type { DefinitionQuestion, SurveyDefinition } from './survey-definition.repository';
import { answerMessagesIn, type ParticipationText, participationText } from './participation.texts';

/** JSON with object keys sorted at every level, so equal payloads hash equally. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The idempotency fingerprint of a request body (answers in question order). */
export function payloadHash(body: { answers?: Array<{ question_id: number; value?: unknown }> } & Record<string, unknown>): string {
  const answers = [...(body.answers ?? [])].sort((a, b) => a.question_id - b.question_id);
  return createHash('sha256').update(canonicalJson({ ...body, answers })).digest('hex');
}

export interface CheckedAnswers {
  /** Canonical values of the visible, answered questions sent in this request. */
  values: Map<number, unknown>;
  /** Question ids the request carried (an empty value clears a stored answer). */
  sent: Set<number>;
  /** Field errors keyed `answers.<question_id>`. */
  errors: Record<string, string[]>;
  visible: Set<number>;
}

export interface CheckOptions {
  /** Enforce required questions (a submit, not a partial save). */
  submit: boolean;
  /** The caller's language for the field errors (French when absent: demo data, scripts). */
  locale?: string;
  /** Answers already stored from other contributors, counted for visibility and required. */
  others?: ReadonlyMap<number, unknown>;
  /** Questions this caller may answer (a contributor's steps); others are refused and not required. */
  allowed?: (question: DefinitionQuestion) => boolean;
}

/**
 * Checks raw answers against a survey: unknown, duplicated or forbidden questions, each
 * value by its type, then display conditions on the resulting answers (a hidden
 * question's answer is dropped and its errors are not reported), then required visible
 * questions when submitting.
 */
export function checkAnswers(
  definition: SurveyDefinition,
  answers: ReadonlyArray<{ question_id: number; value: unknown }>,
  options: CheckOptions,
): CheckedAnswers {
  const errors: Record<string, string[]> = {};
  const text = (key: ParticipationText) => participationText(options.locale, key);
  const messages = answerMessagesIn(options.locale);
  const invalid = new Map<number, string>();
  const normalized = new Map<number, unknown>();
  const sent = new Set<number>();
  for (const { question_id: id, value } of answers) {
    const question = definition.byId.get(id);
    if (!question) errors[`answers.${id}`] = [text('unknownQuestion')];
    else if (sent.has(id)) errors[`answers.${id}`] = [text('duplicateAnswer')];
    else if (options.allowed && !options.allowed(question)) errors[`answers.${id}`] = [text('questionNotYours')];
    else {
      const problem = validateAnswer(question, value, { enforceRequired: false, messages });
      if (problem) invalid.set(id, problem);
      else {
        const canonical = normalizeAnswer(question, value);
        if (canonical !== null) normalized.set(id, canonical);
      }
    }
    sent.add(id);
  }
  const merged = new Map(options.others ?? []);
  for (const id of sent) merged.delete(id);
  for (const [id, value] of normalized) merged.set(id, value);
  const visible = resolveVisibleQuestions(definition.questions, merged);
  for (const [id, message] of invalid) if (visible.has(id)) errors[`answers.${id}`] = [message];
  if (options.submit) {
    for (const question of definition.questions) {
      if (!visible.has(question.id) || errors[`answers.${question.id}`]) continue;
      if (options.allowed && !options.allowed(question)) continue;
      const problem = validateAnswer(question, merged.get(question.id), { enforceRequired: true, messages });
      if (problem) errors[`answers.${question.id}`] = [problem];
    }
  }
  const values = new Map([...normalized].filter(([id]) => visible.has(id)));
  return { values, sent, errors, visible };
}

/** The participation score: the sum of the scored answers, null when nothing is scored. */
export function scoreOf(definition: SurveyDefinition, values: ReadonlyMap<number, unknown>): number | null {
  let total: number | null = null;
  for (const [id, value] of values) {
    const question = definition.byId.get(id);
    const points = question ? scoreAnswer(question, value) : null;
    if (points !== null) total = (total ?? 0) + points;
  }
  return total;
}
