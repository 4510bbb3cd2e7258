import type { CategoryType } from '@app/contracts/catalogue';
import { Select, type SelectProps } from '@mantine/core';
import { flattenTree, useCategoryTree } from '../catalogue-api';

export interface CategorySelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  type: CategoryType;
  value: number | null;
  onChange: (id: number | null) => void;
  /** Offer deactivated categories too (the back office); pickers of new choices leave them out. */
  includeInactive?: boolean;
  /** A category (and its subtree) that may not be chosen: a category's own parent picker. */
  exclude?: number;
}

/**
 * A picker of one kind of category, indented by depth. Any screen that files a record
 * under a category (a template, a question, an article, a company…) or filters a list by
 * category uses it.
 */
export function CategorySelect({ type, value, onChange, includeInactive = false, exclude, ...props }: CategorySelectProps) {
  const tree = useCategoryTree(type, !includeInactive);
  const rows = flattenTree(tree.data ?? []);
  const excluded = new Set<number>();
  for (const { node } of rows) {
    if (node.id === exclude || (node.parent_id !== null && excluded.has(node.parent_id))) excluded.add(node.id);
  }
  const data = rows
    .filter(({ node }) => !excluded.has(node.id))
    .map(({ node, depth }) => ({ value: String(node.id), label: `${'\u2003'.repeat(depth)}${node.name}` }));
  return (
    <Select
      searchable
      clearable
      {...props}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      disabled={props.disabled || tree.isPending}
    />
  );
}
