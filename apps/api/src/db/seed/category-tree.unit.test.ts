import { describe, expect, it } from 'vitest';
import { CATEGORY_TREE, DEMO_SUBCATEGORIES, REFERENCE_CATEGORIES } from './category-tree';
import { PLATFORM_TEMPLATES } from './platform-templates';

describe('the one category tree of seed and demo data', () => {
  it('names each category once per kind, and every child under a root of its own kind', () => {
    const keys = CATEGORY_TREE.map((c) => `${c.type}:${c.code}`);
    expect(new Set(keys).size).toBe(keys.length);
    const roots = new Set(REFERENCE_CATEGORIES.map((c) => `${c.type}:${c.code}`));
    for (const child of DEMO_SUBCATEGORIES) expect(roots.has(`${child.type}:${child.parent}`), `${child.code} under ${child.parent}`).toBe(true);
    expect(REFERENCE_CATEGORIES.length + DEMO_SUBCATEGORIES.length).toBe(CATEGORY_TREE.length);
  });

  it('holds every category the template library files under, as a reference root', () => {
    const templateRoots = new Set(REFERENCE_CATEGORIES.filter((c) => c.type === 'template').map((c) => c.code));
    for (const template of PLATFORM_TEMPLATES) expect(templateRoots.has(template.category), `${template.title}: ${template.category}`).toBe(true);
    expect(templateRoots.has('operations')).toBe(true);
  });
});
