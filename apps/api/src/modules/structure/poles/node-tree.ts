import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { nodes } from '../../../db/schema';

/** Siblings of a node: same pole, same parent (roots when parent is null). */
export function siblingsOf(poleId: number, parentId: number | null): SQL {
  return and(eq(nodes.pointerest_id, poleId), parentId === null ? isNull(nodes.parent_id) : eq(nodes.parent_id, parentId))!;
}

/** Ids of a node and every node under it. */
export async function subtreeIds(db: Database, id: number): Promise<number[]> {
  const rows = await db.rows<{ id: number }>(sql`WITH RECURSIVE below(id) AS (SELECT ${id}::int
    UNION SELECT n.id FROM nodes n JOIN below b ON n.parent_id = b.id) SELECT id FROM below`);
  return rows.map((r) => Number(r.id));
}

/**
 * Places `nodeId` at `position` among the children of `parentId` and renumbers them
 * 0..n-1, so positions stay dense whatever the client sent.
 */
export async function placeAmongSiblings(db: Database, poleId: number, parentId: number | null, nodeId: number, position?: number) {
  const siblings = await db.orm
    .select({ id: nodes.id })
    .from(nodes)
    .where(and(siblingsOf(poleId, parentId), sql`${nodes.id} <> ${nodeId}`))
    .orderBy(asc(nodes.position), asc(nodes.id));
  const order = siblings.map((s) => s.id);
  const at = position === undefined ? order.length : Math.min(position, order.length);
  order.splice(at, 0, nodeId);
  await renumber(db, order);
}

/** Gives the listed nodes positions 0..n-1 in this order (one statement). */
export async function renumber(db: Database, orderedIds: number[]) {
  if (orderedIds.length === 0) return;
  const pairs = sql.join(
    orderedIds.map((id, i) => sql`(${id}::int, ${i}::int)`),
    sql`, `,
  );
  await db.rows(sql`UPDATE nodes SET position = v.position, updated_at = now()
    FROM (VALUES ${pairs}) AS v(id, position) WHERE nodes.id = v.id`);
}

export interface TreeNode {
  id: number;
  parent_id: number | null;
  name: string;
  description: string | null;
  position: number;
  children: TreeNode[];
}

/** A pole's nodes as a nested tree, siblings in order. */
export async function loadTree(db: Database, companyId: number, poleId: number): Promise<TreeNode[]> {
  const rows = await db.orm
    .select({ id: nodes.id, parent_id: nodes.parent_id, name: nodes.name, description: nodes.description, position: nodes.position })
    .from(nodes)
    .where(and(eq(nodes.company_id, companyId), eq(nodes.pointerest_id, poleId)))
    .orderBy(asc(nodes.position), asc(nodes.id));
  const byId = new Map<number, TreeNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: TreeNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parent_id === null ? undefined : byId.get(node.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
