import { eq } from 'drizzle-orm';
import { articles, categories } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { createCrudService } from '../../../http/crud-service';
import { validationFailed } from '../../../http/errors';
import { requireCompany } from '../../tenancy/companies/tenancy';
import { assertWithinLimit } from '../entitlements/limits';
import { commerceText } from '../commerce.texts';
import { commerceSettings } from '../settings';
import { articleQueryDef } from './articles.query';
import type { CreateArticleInput, UpdateArticleInput } from './articles.schemas';

async function assertCategory(ctx: RequestContext, id: number | undefined) {
  if (id === undefined) return;
  const [row] = await ctx.db.orm.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  if (!row) throw validationFailed({ category_id: [commerceText(ctx.locale, 'articleCategoryUnknown')] });
}

/** A company's goods and services: the regular resource pattern, within the package's article limit. */
export const articlesService = createCrudService<CreateArticleInput, UpdateArticleInput>({
  def: articleQueryDef,
  table: articles,
  access: { list: 'permission', get: 'permission', create: 'permission', update: 'permission', delete: 'permission', duplicate: 'permission' },
  async prepareCreate(ctx, input) {
    const { companyId } = requireCompany(ctx);
    await assertCategory(ctx, input.category_id);
    await assertWithinLimit(ctx.db, companyId, 'articles', ctx.locale);
    return {
      name: input.name,
      description: input.description ?? null,
      kind: input.kind ?? 'good',
      category_id: input.category_id ?? null,
      price: input.price,
      currency: commerceSettings().currency,
      stock: input.stock ?? null,
      // Photos are added by POST articles/{id}/photos once the article exists.
      photos: [],
      active: input.active ?? true,
    };
  },
  async prepareUpdate(ctx, input, existing) {
    requireCompany(ctx);
    await assertCategory(ctx, input.category_id);
    // `photos` reorders or drops the article's own photos; new ones come by upload.
    const own = new Set((existing.photos as string[] | undefined) ?? []);
    if (input.photos?.some((p) => !own.has(p))) throw validationFailed({ photos: [commerceText(ctx.locale, 'photoByUpload')] });
    return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  },
});
