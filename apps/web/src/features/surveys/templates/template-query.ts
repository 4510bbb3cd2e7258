import { PAGE_SIZE_TEMPLATES } from '@app/contracts/constants';
import type { QueryObject } from '@app/contracts/query-object';
import { useMemo } from 'react';
import { useCategoryTree } from '../../reference/catalogue-api';
import { categorySubtreeIds } from '../../reference/categories/category-subtree';

/** The query of a template list: a page of the usable templates, by title, narrowed to a category and the categories below it. */
export function templateListQuery(page: number, text: string, categoryIds: number[] | null): QueryObject {
  return {
    limit: PAGE_SIZE_TEMPLATES,
    page,
    with_total: true,
    sort: [{ key: 'title', direction: 'asc' }],
    ...(text ? { input: text } : {}),
    ...(categoryIds ? { filter_groups: [{ filters: [{ key: 'category_id', operator: 'in', value: categoryIds }] }] } : {}),
  };
}

/** The chosen template category and every category below it (null: no filter). */
export function useTemplateCategoryIds(category: number | null): number[] | null {
  const tree = useCategoryTree('template', true);
  return useMemo(() => {
    if (category === null) return null;
    const ids = categorySubtreeIds(tree.data ?? [], category);
    return ids.length > 0 ? ids : [category];
  }, [category, tree.data]);
}
