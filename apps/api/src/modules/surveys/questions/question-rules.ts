import { checkConditionReferences } from '@app/contracts/survey-condition-schema';
import { displayConditionSchema } from '@app/contracts/survey-condition-schema';
import { isChoiceQuestionType, isQuestionType, parseQuestionSettings, QUESTION_TYPES } from '@app/contracts/survey-questions';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { questions } from '../../../db/schema';
import { validationFailed } from '../../../http/errors';

type QuestionRow = typeof questions.$inferSelect;

/** Field errors of a zod failure under `prefix` (e.g. settings.max_length). */
function zodDetails(error: z.ZodError, prefix: string): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].join('.');
    details[key] = [...(details[key] ?? []), issue.message];
  }
  return details;
}

/** The type, known to the catalogue, or 422. */
export function checkQuestionType(type: string): string {
  if (!isQuestionType(type)) {
    throw validationFailed({ type: [`Type de question inconnu : ${type}. Types possibles : ${QUESTION_TYPES.join(', ')}.`] });
  }
  return type;
}

/** The settings of `type` with defaults applied (required, min/max, formats, files), or 422. */
export function checkQuestionSettings(type: string, settings: unknown): Record<string, unknown> {
  const known = checkQuestionType(type);
  try {
    return parseQuestionSettings(known as Parameters<typeof parseQuestionSettings>[0], settings ?? {}) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof z.ZodError) throw validationFailed(zodDetails(error, 'settings'));
    throw error;
  }
}

/** 422 unless the choices fit the type (only choice types have choices). */
export function checkInlineChoices(type: string, choices: unknown[] | undefined): void {
  if (choices && choices.length > 0 && !isChoiceQuestionType(type)) {
    throw validationFailed({ choices: [`Une question de type ${type} n'a pas de choix.`] });
  }
}

/** A well-formed display condition (or null), else 422 on `condition`. */
export function checkConditionShape(condition: unknown): Record<string, unknown> | null {
  if (condition == null) return null;
  const parsed = displayConditionSchema.safeParse(condition);
  if (!parsed.success) throw validationFailed(zodDetails(parsed.error, 'condition'));
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
): Promise<void> {
  if (condition == null) return;
  const siblings = await listDefaultQuestions(db, target.companyId, target.kind);
  const earlier = siblings
    .filter((q) => q.id !== target.id)
    .filter((q) => q.position < target.position || (q.position === target.position && (target.id === undefined || q.id < target.id)))
    .map((q) => q.id);
  const problem = checkConditionReferences(condition, earlier);
  if (problem) throw validationFailed({ condition: [problem] });
}
