import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../../http/actor';
import { createCrudService } from '../../../http/crud-service';
import { validationFailed } from '../../../http/errors';
import { categories } from '../../../db/schema';
import { categoryQueryDef } from './categories.query';
import type { CreateCategoryInput, UpdateCategoryInput } from './categories.schemas';

/** A parent category must exist, be of the same type and not be the category itself. */
async function assertParent(ctx: RequestContext, type: string, parentId: number | null | undefined, selfId?: number) {
  if (parentId == null) return;
  if (parentId === selfId) throw validationFailed({ parent_id: ['Une catégorie ne peut pas être sa propre parente.'] });
  const [parent] = await ctx.db.orm
    .select({ type: categories.type })
    .from(categories)
    .where(eq(categories.id, parentId));
  if (!parent) throw validationFailed({ parent_id: ["La catégorie parente n'existe pas."] });
  if (parent.type !== type) {
    throw validationFailed({ parent_id: ['La catégorie parente doit être du même type.'] });
  }
}

/** Categories: platform taxonomy, read by anyone, written by platform admins. */
export const categoriesService = createCrudService<CreateCategoryInput, UpdateCategoryInput>({
  def: categoryQueryDef,
  table: categories,
  access: { list: 'public', get: 'public', create: 'admin', update: 'admin', delete: 'admin', duplicate: 'admin' },
  async prepareCreate(ctx, input) {
    await assertParent(ctx, input.type, input.parent_id);
    return { ...input, description: input.description ?? null, parent_id: input.parent_id ?? null };
  },
  async prepareUpdate(ctx, input, existing) {
    await assertParent(ctx, existing.type as string, input.parent_id, existing.id as number);
    return { ...input };
  },
});
