import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { categories, surveys } from '../../../db/schema';
import { AppError, validationFailed } from '../../../http/errors';
import { generateSurveyCode } from './survey-code';
import { surveyLifecycleText } from './survey-lifecycle.texts';

export type SurveyRow = typeof surveys.$inferSelect;
export type SurveyValues = Omit<typeof surveys.$inferInsert, 'id' | 'code'>;

const CODE_ATTEMPTS = 8;

/** Inserts a survey under a fresh unique code (retrying on the rare collision). */
export async function insertSurveyRow(db: Database, values: SurveyValues): Promise<SurveyRow> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const [row] = await db.orm
      .insert(surveys)
      .values({ ...values, code: generateSurveyCode() })
      .onConflictDoNothing({ target: surveys.code })
      .returning();
    if (row) return row;
  }
  throw new AppError(503, 'code_exhausted');
}

/**
 * Who owns the rows a caller may act on: one company, the platform (null), or any
 * company (a platform admin in the back office).
 */
export type Owner = { companyId: number | null } | 'any';

export function ownerCondition(owner: Owner, column = surveys.company_id): SQL | undefined {
  if (owner === 'any') return undefined;
  return owner.companyId == null ? isNull(column) : eq(column, owner.companyId);
}

/** A live survey row (templates included) owned by `owner`, or null. */
export async function findSurveyRow(db: Database, id: number, owner: Owner): Promise<SurveyRow | null> {
  const [row] = await db.orm
    .select()
    .from(surveys)
    .where(and(eq(surveys.id, id), isNull(surveys.deleted_at), ownerCondition(owner)));
  return row ?? null;
}

/** Sets columns of a live survey; null when it is gone. */
export async function updateSurveyRow(db: Database, id: number, values: Partial<SurveyRow>, where?: SQL): Promise<SurveyRow | null> {
  const [row] = await db.orm
    .update(surveys)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(surveys.id, id), isNull(surveys.deleted_at), where))
    .returning();
  return row ?? null;
}

/** 422 unless the category exists. */
export async function assertCategory({ db, locale }: { db: Database; locale: string }, categoryId: number | null | undefined): Promise<void> {
  if (categoryId == null) return;
  const [row] = await db.orm.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!row) throw validationFailed({ category_id: [surveyLifecycleText(locale, 'categoryNotFound')] });
}

