import type { RequestContext } from '../../../http/actor';
import { authorize } from '../../../http/authorize';
import { createCrudService } from '../../../http/crud-service';
import { conflict, validationFailed } from '../../../http/errors';
import { categories } from '../../../db/schema';
import { referenceCount, referenceText } from '../reference.texts';
import { audit, pick } from '../../administration/audit/audit';
import { audited } from '../../administration/audit/audited';
import { type CategoryRow, countChildren, countObjects, findCategory, lineageIds, nextPosition } from './categories.repository';
import { categoryQueryDef } from './categories.query';
import type { CategoryType, CreateCategoryInput, UpdateCategoryInput } from './categories.schemas';

const AUDITED = ['type', 'name', 'code', 'description', 'parent_id', 'position', 'active'] as const;

/**
 * A parent must exist, be of the same kind, and not be the category itself nor one of its
 * descendants (the tree has no cycle): 422 naming `parent_id` otherwise.
 */
async function assertParent(ctx: RequestContext, type: string, parentId: number | null | undefined, selfId?: number) {
  if (parentId == null) return;
  if (parentId === selfId) throw validationFailed({ parent_id: [referenceText(ctx.locale, 'categoryOwnParent')] });
  const parent = await findCategory(ctx.db, parentId);
  if (!parent) throw validationFailed({ parent_id: [referenceText(ctx.locale, 'categoryParentMissing')] });
  if (parent.type !== type) throw validationFailed({ parent_id: [referenceText(ctx.locale, 'categoryParentOtherType')] });
  if (selfId !== undefined && (await lineageIds(ctx.db, parentId)).includes(selfId)) {
    throw validationFailed({ parent_id: [referenceText(ctx.locale, 'categoryUnderOwnChild')] });
  }
}

const crud = createCrudService<CreateCategoryInput, UpdateCategoryInput>({
  def: categoryQueryDef,
  table: categories,
  access: { list: 'public', get: 'public', create: 'admin', update: 'admin', delete: 'admin', duplicate: 'admin' },
  async prepareCreate(ctx, input) {
    const parentId = input.parent_id ?? null;
    await assertParent(ctx, input.type, parentId);
    return {
      ...input,
      description: input.description ?? null,
      parent_id: parentId,
      active: input.active ?? true,
      position: await nextPosition(ctx.db, input.type, parentId),
    };
  },
  async prepareUpdate(ctx, input, existing) {
    const values: Record<string, unknown> = { ...input };
    if (input.parent_id !== undefined && input.parent_id !== existing.parent_id) {
      await assertParent(ctx, existing.type as string, input.parent_id, existing.id as number);
      // Moved under another parent: last among its new siblings.
      values.position = await nextPosition(ctx.db, existing.type as CategoryType, input.parent_id);
    }
    return values;
  },
});

/** Why a category cannot be deleted (its subcategories, then its records), in the caller's language, else null. */
export async function categoryInUse(ctx: RequestContext, row: CategoryRow): Promise<string | null> {
  const children = await countChildren(ctx.db, row.id);
  if (children > 0) {
    return referenceCount(ctx.locale, 'categoryHasChildren', children);
  }
  const used = await countObjects(ctx.db, row.type, row.id);
  if (used > 0) {
    return referenceCount(ctx.locale, 'categoryInUse', used);
  }
  return null;
}

/**
 * Categories: the platform's six taxonomies (one tree per kind), read by anyone, written
 * by platform admins; a category with subcategories or records is never deleted.
 */
export const categoriesService: typeof crud = {
  ...crud,
  async create(ctx, input) {
    return audited(ctx, async (tx) => {
      const row = await crud.create(tx, input);
      await audit(tx, { action: 'category.created', objectType: 'category', objectId: row.id as number, after: pick(row, AUDITED) });
      return row;
    });
  },
  async update(ctx, id, input) {
    authorize(ctx.actor, 'admin', 'categories', 'update');
    const before = await crud.get(ctx, id);
    return audited(ctx, async (tx) => {
      const row = await crud.update(tx, id, input);
      await audit(tx, { action: 'category.updated', objectType: 'category', objectId: id, before: pick(before, AUDITED), after: pick(row, AUDITED) });
      return row;
    });
  },
  async remove(ctx, id) {
    authorize(ctx.actor, 'admin', 'categories', 'delete');
    const existing = (await crud.get(ctx, id)) as unknown as CategoryRow;
    const problem = await categoryInUse(ctx, existing);
    if (problem) throw conflict(problem, 'category_in_use');
    await audited(ctx, async (tx) => {
      await crud.remove(tx, id);
      await audit(tx, { action: 'category.deleted', objectType: 'category', objectId: id, before: pick(existing, AUDITED) });
    });
  },
};
