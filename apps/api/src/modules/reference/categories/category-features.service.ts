import type { CategoryFeatureRow } from '@app/contracts/catalogue';
import type { RequestContext } from '../../../http/actor';
import { authorize } from '../../../http/authorize';
import { notFound, validationFailed } from '../../../http/errors';
import { audit } from '../../administration/audit/audit';
import { audited } from '../../administration/audit/audited';
import { referenceText } from '../reference.texts';
import { type CategoryRow, countCompaniesUnder, deleteCategoryFeature, findCategory, listCategoryFeatures, upsertCategoryFeature } from './categories.repository';

/** Only categories of companies give features (404 for an unknown category, 422 for another kind). */
async function requireCompanyCategory(ctx: RequestContext, id: number): Promise<CategoryRow> {
  authorize(ctx.actor, 'admin', 'categories', 'show');
  const row = await findCategory(ctx.db, id);
  if (!row) throw notFound();
  if (row.type !== 'company') throw validationFailed({ id: [referenceText(ctx.locale, 'onlyCompanyCategoriesGiveFeatures')] });
  return row;
}

async function requireFeature(ctx: RequestContext, categoryId: number, featureId: number): Promise<CategoryFeatureRow> {
  const [row] = await listCategoryFeatures(ctx.db, categoryId, featureId);
  if (!row) throw notFound();
  return row;
}

/** `GET categories/{id}/features`: every feature and what the company category gives of it. */
export async function categoryFeatures(ctx: RequestContext, id: number): Promise<CategoryFeatureRow[]> {
  await requireCompanyCategory(ctx, id);
  return listCategoryFeatures(ctx.db, id);
}

/** `GET categories/{id}/features/{feature}`: one feature for the category, and how many companies it reaches. */
export async function categoryFeature(ctx: RequestContext, id: number, featureId: number) {
  await requireCompanyCategory(ctx, id);
  const feature = await requireFeature(ctx, id, featureId);
  return { ...feature, companies: await countCompaniesUnder(ctx.db, id) };
}

/** `PUT categories/{id}/features/{feature}`: the category gives the feature at this limit (null: unlimited). */
export async function giveCategoryFeature(ctx: RequestContext, id: number, featureId: number, limit: number | null) {
  await requireCompanyCategory(ctx, id);
  const before = await requireFeature(ctx, id, featureId);
  await audited(ctx, async (tx) => {
    await upsertCategoryFeature(tx.db, id, featureId, limit);
    await audit(tx, {
      action: 'category.feature_given',
      objectType: 'category',
      objectId: id,
      before: before.included ? { feature_id: featureId, limit_value: before.limit_value } : null,
      after: { feature_id: featureId, limit_value: limit },
    });
  });
  return categoryFeature(ctx, id, featureId);
}

/** `DELETE categories/{id}/features/{feature}`: the category no longer gives it (404 if it did not). */
export async function withdrawCategoryFeature(ctx: RequestContext, id: number, featureId: number): Promise<void> {
  await requireCompanyCategory(ctx, id);
  const before = await requireFeature(ctx, id, featureId);
  await audited(ctx, async (tx) => {
    if (!(await deleteCategoryFeature(tx.db, id, featureId))) throw notFound();
    await audit(tx, { action: 'category.feature_withdrawn', objectType: 'category', objectId: id, before: { feature_id: featureId, limit_value: before.limit_value } });
  });
}
