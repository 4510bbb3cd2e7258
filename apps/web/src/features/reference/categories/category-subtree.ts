import type { CategoryNode } from '@app/contracts/catalogue';

/**
 * A category and every category below it, from the kind's tree: filtering a list by a
 * category shows what is filed under it or under any of its children (the same rule as the
 * API's recursive filters), so choosing "Satisfaction client" also finds "Accueil au guichet".
 * Empty when the id is not in the tree.
 */
export function categorySubtreeIds(nodes: readonly CategoryNode[], id: number): number[] {
  for (const node of nodes) {
    if (node.id === id) return collect(node);
    const below = categorySubtreeIds(node.children, id);
    if (below.length > 0) return below;
  }
  return [];
}

function collect(node: CategoryNode): number[] {
  return [node.id, ...node.children.flatMap(collect)];
}
