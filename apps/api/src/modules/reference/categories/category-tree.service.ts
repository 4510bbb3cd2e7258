import type { CategoryNode, CategoryType } from '@app/contracts/catalogue';
import type { ListMeta } from '@app/contracts';
import type { RequestContext } from '../../../http/actor';
import { authorize } from '../../../http/authorize';
import { notFound, validationFailed } from '../../../http/errors';
import { isPlatformAdmin } from '../../tenancy/companies/tenancy';
import { audit } from '../../administration/audit/audit';
import { audited } from '../../administration/audit/audited';
import { referenceText } from '../reference.texts';
import {
  type CategoryRow,
  type ObjectsFilter,
  categoriesOfType,
  fileObjects,
  findCategory,
  listObjects,
  lockSiblings,
  objectCountsOfType,
  setPositions,
  unfileObject,
} from './categories.repository';
import type { ReorderCategoriesInput } from './categories.schemas';

/** Nests the rows of one kind under their parents, siblings in position order. */
export function buildTree(rows: CategoryRow[], counts: Map<number, number> | null): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>();
  for (const row of rows) {
    const node: CategoryNode = { ...row, children: [], objects: counts?.get(row.id) ?? 0 };
    if (!counts) delete (node as Partial<CategoryNode>).objects;
    nodes.set(row.id, node);
  }
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    // A child whose parent is hidden (inactive) is hidden with it; roots stay roots.
    if (parent) parent.children.push(node);
    else if (row.parent_id === null) roots.push(node);
  }
  return roots;
}

/**
 * `GET categories/tree/{type}`: the kind's tree. Pickers (anyone signed in) get the active
 * categories only; platform admins get every category and how many records each holds,
 * unless they ask for `active=true`.
 */
export async function categoryTree(ctx: RequestContext, type: CategoryType, activeOnly: boolean): Promise<CategoryNode[]> {
  authorize(ctx.actor, 'authenticated', 'categories', 'list');
  const admin = isPlatformAdmin(ctx.actor);
  const rows = await categoriesOfType(ctx.db, type, activeOnly || !admin);
  return buildTree(rows, admin ? await objectCountsOfType(ctx.db, type) : null);
}

/** `POST categories/reorder`: the children of one parent, in the order given (all of them, once each). */
export async function reorderCategories(ctx: RequestContext, input: ReorderCategoriesInput): Promise<CategoryNode[]> {
  authorize(ctx.actor, 'admin', 'categories', 'update');
  if (new Set(input.ids).size !== input.ids.length) throw validationFailed({ ids: [referenceText(ctx.locale, 'categoryTwiceInList')] });
  if (input.parent_id !== null) {
    const parent = await findCategory(ctx.db, input.parent_id);
    if (!parent || parent.type !== input.type) throw validationFailed({ parent_id: [referenceText(ctx.locale, 'categoryParentMissingForType')] });
  }
  await ctx.db.transaction(async (tx) => {
    const siblings = await lockSiblings(tx, input.type, input.parent_id);
    const given = new Set(input.ids);
    if (siblings.length !== input.ids.length || siblings.some((id) => !given.has(id))) {
      throw validationFailed({ ids: [referenceText(ctx.locale, 'reorderEverySibling')] });
    }
    await setPositions(tx, input.ids);
    await audit(ctx, { action: 'category.reordered', objectType: 'category', objectId: input.parent_id, after: { type: input.type, ids: input.ids } }, tx);
  });
  return categoryTree(ctx, input.type, false);
}

async function requireCategory(ctx: RequestContext, id: number): Promise<CategoryRow> {
  const row = await findCategory(ctx.db, id);
  if (!row) throw notFound();
  return row;
}

/** `GET categories/{id}/objects`: the records filed under the category (or the others, to file), one page. */
export async function listCategoryObjects(ctx: RequestContext, id: number, filter: ObjectsFilter) {
  authorize(ctx.actor, 'admin', 'categories', 'show');
  const category = await requireCategory(ctx, id);
  const { rows, total } = await listObjects(ctx.db, category.type, id, filter);
  const meta: ListMeta = { limit: filter.limit, page: filter.page, start: (filter.page - 1) * filter.limit, has_more: filter.page * filter.limit < total, total };
  return { rows, meta };
}

/** `POST categories/{id}/objects`: files records of the category's kind under it (moved from any other). */
export async function fileUnderCategory(ctx: RequestContext, id: number, ids: number[]): Promise<{ filed: number }> {
  authorize(ctx.actor, 'admin', 'categories', 'update');
  const category = await requireCategory(ctx, id);
  const unique = [...new Set(ids)];
  const filed = await ctx.db.transaction(async (tx) => {
    const found = await fileObjects(tx, category.type, id, unique);
    // All or nothing: an id that names no record of this kind undoes the whole filing.
    if (found !== unique.length) throw validationFailed({ ids: [referenceText(ctx.locale, 'objectsNotOfType')] });
    await audit(ctx, { action: 'category.filed', objectType: 'category', objectId: id, after: { type: category.type, ids: unique } }, tx);
    return found;
  });
  return { filed };
}

/** `DELETE categories/{id}/objects/{object}`: takes one record out of the category (404 if not filed there). */
export async function unfileFromCategory(ctx: RequestContext, id: number, objectId: number): Promise<void> {
  authorize(ctx.actor, 'admin', 'categories', 'update');
  const category = await requireCategory(ctx, id);
  await audited(ctx, async (tx) => {
    if (!(await unfileObject(tx.db, category.type, id, objectId))) throw notFound();
    await audit(tx, { action: 'category.unfiled', objectType: 'category', objectId: id, after: { type: category.type, id: objectId } });
  });
}
