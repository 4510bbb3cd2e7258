import type { CreateNodeInput, UpdateNodeInput } from '@app/contracts/structure';
import { and, eq, inArray } from 'drizzle-orm';
import { nodes, pointerests } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { authorize } from '../../../http/authorize';
import { createCrudService } from '../../../http/crud-service';
import { AppError, validationFailed } from '../../../http/errors';
import { requireCompany } from '../../tenancy/companies/tenancy';
import { nodeQueryDef } from '../structure.queries';
import { assertOwnReference } from '../structure-guards';
import { loadTree, placeAmongSiblings, renumber, siblingsOf, subtreeIds } from './node-tree';
import { polesService } from './poles.service';
import { structureText } from '../structure.texts';

type Row = Record<string, unknown>;

/** A parent node must be in the same pole as the node. */
async function assertParent(ctx: RequestContext, poleId: number, parentId: number | null) {
  if (parentId === null) return;
  const parent = await assertOwnReference(ctx, nodes, parentId, 'parent_id', structureText(ctx.locale, 'parentNodeNotFound'));
  if (parent.pointerest_id !== poleId) throw validationFailed({ parent_id: [structureText(ctx.locale, 'parentNodeOtherPole')] });
}

const base = createCrudService<CreateNodeInput, UpdateNodeInput>({
  def: nodeQueryDef,
  table: nodes,
  access: { list: 'permission', get: 'permission', create: 'permission', update: 'permission', delete: 'permission', duplicate: 'permission' },
  async prepareCreate(ctx, input) {
    requireCompany(ctx);
    await assertOwnReference(ctx, pointerests, input.pointerest_id, 'pointerest_id', structureText(ctx.locale, 'poleNotFound'));
    await assertParent(ctx, input.pointerest_id, input.parent_id ?? null);
    // Placed last for now; create() moves it to the asked position.
    return { pointerest_id: input.pointerest_id, parent_id: input.parent_id ?? null, name: input.name, description: input.description ?? null, position: 1_000_000 };
  },
  prepareUpdate(_ctx, input) {
    return {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
    };
  },
});

/** Nodes: the tree under each pole; created at a position, moved, reordered, deleted with their subtree. */
export const nodesService: typeof base = {
  ...base,
  async create(ctx, input) {
    const created = await ctx.db.transaction(async (tx) => {
      const txCtx = { ...ctx, db: tx };
      const row = await base.create(txCtx, input);
      await placeAmongSiblings(tx, input.pointerest_id, input.parent_id ?? null, row.id as number, input.position);
      return row;
    });
    return base.get(ctx, created.id as number);
  },
  /** Deleting a node takes its subtree; with children, only once `confirm` is given. */
  async remove(ctx, id) {
    await removeNode(ctx, id, false);
  },
};

export async function removeNode(ctx: RequestContext, id: number, confirmed: boolean) {
  authorize(ctx.actor, 'permission', 'nodes', 'delete');
  const node = await base.get(ctx, id);
  const ids = await subtreeIds(ctx.db, id);
  if (ids.length > 1 && !confirmed) {
    throw new AppError(
      409,
      'confirmation_required',
      structureText(ctx.locale, 'nodeHasChildren', { count: ids.length - 1 }),
      { descendants: [String(ids.length - 1)] },
    );
  }
  await ctx.db.transaction(async (tx) => {
    await tx.orm.delete(nodes).where(inArray(nodes.id, ids));
    const rest = await tx.orm
      .select({ id: nodes.id })
      .from(nodes)
      .where(siblingsOf(node.pointerest_id as number, (node.parent_id as number | null) ?? null))
      .orderBy(nodes.position, nodes.id);
    await renumber(tx, rest.map((r) => r.id));
  });
  return { deleted: ids.length };
}

/** Moves a node (with its subtree) under another parent of the same pole, at a position. */
export async function moveNode(ctx: RequestContext, id: number, parentId: number | null, position?: number): Promise<Row> {
  authorize(ctx.actor, 'permission', 'nodes', 'update');
  const node = await base.get(ctx, id);
  const poleId = node.pointerest_id as number;
  await assertParent(ctx, poleId, parentId);
  if (parentId !== null && (await subtreeIds(ctx.db, id)).includes(parentId)) {
    throw validationFailed({ parent_id: [structureText(ctx.locale, 'nodeUnderItself')] });
  }
  const oldParent = (node.parent_id as number | null) ?? null;
  await ctx.db.transaction(async (tx) => {
    await tx.orm.update(nodes).set({ parent_id: parentId, updated_at: new Date() }).where(eq(nodes.id, id));
    await placeAmongSiblings(tx, poleId, parentId, id, position);
    if (oldParent !== parentId) {
      const rest = await tx.orm.select({ id: nodes.id }).from(nodes).where(siblingsOf(poleId, oldParent)).orderBy(nodes.position, nodes.id);
      await renumber(tx, rest.map((r) => r.id));
    }
  });
  return base.get(ctx, id);
}

/** Sets the order of all the children of one parent; the list must name each exactly once. */
export async function reorderNodes(ctx: RequestContext, poleId: number, parentId: number | null, nodeIds: number[]) {
  authorize(ctx.actor, 'permission', 'nodes', 'update');
  const { companyId } = requireCompany(ctx);
  await polesService.get(ctx, poleId);
  const children = await ctx.db.orm
    .select({ id: nodes.id })
    .from(nodes)
    .where(and(eq(nodes.company_id, companyId), siblingsOf(poleId, parentId)));
  const expected = new Set(children.map((c) => c.id));
  if (nodeIds.length !== expected.size || new Set(nodeIds).size !== nodeIds.length || !nodeIds.every((n) => expected.has(n))) {
    throw validationFailed({ node_ids: [structureText(ctx.locale, 'reorderEveryNode')] });
  }
  await renumber(ctx.db, nodeIds);
  return loadTree(ctx.db, companyId, poleId);
}

/** A pole's whole tree (pointerests.show). */
export async function poleTree(ctx: RequestContext, poleId: number) {
  await polesService.get(ctx, poleId);
  const { companyId } = requireCompany(ctx);
  return loadTree(ctx.db, companyId, poleId);
}
