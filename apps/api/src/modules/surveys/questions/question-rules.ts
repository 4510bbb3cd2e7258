import type { Locale } from '@app/contracts';
import { conditionReferenceProblem, displayConditionSchema } from '@app/contracts/survey-condition-schema';
import { isChoiceQuestionType, isQuestionType, parseQuestionSettings, QUESTION_TYPES } from '@app/contracts/survey-questions';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { questions } from '../../../db/schema';
import { validationFailed } from '../../../http/errors';
import { issueDetails } from '../../../http/validation-messages';
import { questionRuleText } from './question-rules.texts';

type QuestionRow = typeof questions.$inferSelect;

/** Field errors of a zod failure under `prefix` (e.g. settings.max_length), in the caller's language. */
function zodDetails(error: z.ZodError, prefix: string, locale: Locale): Record<string, string[]> {
  return issueDetails(error.issues, locale, (issue) => [prefix, ...issue.path.map(String)].join('.'));
}

/** The type, known to the catalogue, or 422. */
export function checkQuestionType(type: string, locale: Locale): string {
  if (!isQuestionType(type)) {
    throw validationFailed({ type: [questionRuleText(locale, 'unknownType', { type, types: QUESTION_TYPES.join(', ') })] });
  }
  return type;
}

/** The settings of `type` with defaults applied (required, min/max, formats, files), or 422. */
export function checkQuestionSettings(type: string, settings: unknown, locale: Locale): Record<string, unknown> {
  const known = checkQuestionType(type, locale);
  try {
    return parseQuestionSettings(known as Parameters<typeof parseQuestionSettings>[0], settings ?? {}) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof z.ZodError) throw validationFailed(zodDetails(error, 'settings', locale));
    throw error;
  }
}

/** 422 unless the choices fit the type (only choice types have choices). */
export function checkInlineChoices(type: string, choices: unknown[] | undefined, locale: Locale): void {
  if (choices && choices.length > 0 && !isChoiceQuestionType(type)) {
    throw validationFailed({ choices: [questionRuleText(locale, 'noChoices', { type })] });
  }
}

/** A well-formed display condition (or null), else 422 on `condition`. */
export function checkConditionShape(condition: unknown, locale: Locale): Record<string, unknown> | null {
  if (condition == null) return null;
  const parsed = displayConditionSchema.safeParse(condition);
  if (!parsed.success) throw validationFailed(zodDetails(parsed.error, 'condition', locale));
  return parsed.data as unknown as Record<string, unknown>;
}

/** The default questions of one owner and kind, in order. */
export async function listDefaultQuestions(db: Database, companyId: number | null, kind: NonNullable<QuestionRow['default_for']>): Promise<QuestionRow[]> {
  return db.orm
    .select()
    .from(questions)
    .where(
      and(
        companyId == null ? isNull(questions.company_id) : eq(questions.company_id, companyId),
        isNull(questions.survey_id),
        eq(questions.default_for, kind),
      ),
    )
    .orderBy(asc(questions.position), asc(questions.id));
}

/** Default questions are copied in order, so their conditions too may only look at earlier ones. */
export async function checkDefaultCondition(
  db: Database,
  target: { companyId: number | null; kind: NonNullable<QuestionRow['default_for']>; id?: number; position: number },
  condition: unknown,
  locale: Locale,
): Promise<void> {
  if (condition == null) return;
  const siblings = await listDefaultQuestions(db, target.companyId, target.kind);
  const earlier = siblings
    .filter((q) => q.id !== target.id)
    .filter((q) => q.position < target.position || (q.position === target.position && (target.id === undefined || q.id < target.id)))
    .map((q) => q.id);
  const problem = conditionReferenceProblem(condition, earlier);
  if (problem) throw validationFailed({ condition: [questionRuleText(locale, problem === 'invalid' ? 'conditionInvalid' : 'conditionLooksAhead')] });
}
