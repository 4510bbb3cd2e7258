import type { CategoryNode } from '@app/contracts/catalogue';
import { flattenTree } from '../catalogue-api';
import { categorySubtreeIds } from './category-subtree';

/**
 * The options of a list filter (`operator: 'in'`) over a kind's category tree: each
 * category indented by depth, its value the category and every category below it
 * (comma-separated, as the list query splits an `in` value), so choosing a parent also
 * lists what is filed under its children.
 */
export function categoryFilterOptions(nodes: readonly CategoryNode[]): Array<{ value: string; label: string }> {
  return flattenTree(nodes).map(({ node, depth }) => ({
    value: categorySubtreeIds(nodes, node.id).join(','),
    label: `${'\u2003'.repeat(depth)}${node.name}`,
  }));
}

/** The name of a category anywhere in the tree, or null. */
export function categoryNameIn(nodes: readonly CategoryNode[], id: number | null | undefined): string | null {
  if (id === null || id === undefined) return null;
  return flattenTree(nodes).find(({ node }) => node.id === id)?.node.name ?? null;
}
