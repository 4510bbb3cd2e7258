import { describe, expect, it } from 'vitest';
import { categoryFilterOptions, categoryNameIn } from './category-filter-options';

const node = (id: number, name: string, parent: number | null, children: unknown[] = []) =>
  ({ id, type: 'article', name, code: `c${id}`, description: null, parent_id: parent, position: id, active: true, children }) as never;
const TREE = [node(1, 'Alimentation', null, [node(2, 'Boissons', 1, [node(5, 'Jus', 2)]), node(3, 'Épicerie', 1)]), node(4, 'Services', null)];

describe('categoryFilterOptions', () => {
  it('indents each category by depth and gives it its whole subtree as the value', () => {
    expect(categoryFilterOptions(TREE)).toEqual([
      { value: '1,2,5,3', label: 'Alimentation' },
      { value: '2,5', label: '\u2003Boissons' },
      { value: '5', label: '\u2003\u2003Jus' },
      { value: '3', label: '\u2003Épicerie' },
      { value: '4', label: 'Services' },
    ]);
  });

  it('names a category at any depth, and nothing for none or an unknown id', () => {
    expect(categoryNameIn(TREE, 5)).toBe('Jus');
    expect(categoryNameIn(TREE, null)).toBeNull();
    expect(categoryNameIn(TREE, 99)).toBeNull();
  });
});
