import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/test-db';
import { getOne } from './execute';
import { createTestTables, itemDef, noteDef, seedTestRows, zoneDef } from './test-defs';
import { COMPANY_1, COMPANY_2, list, names } from './test-helpers';

let db: Database;
const PLATFORM = { companyId: null };

beforeAll(async () => {
  db = await openTestDatabase();
  await createTestTables(db);
  await seedTestRows(db);
});
afterAll(async () => {
  await db?.close();
});

const byName = { sort: [{ key: 'name' }] };
const bodies = (rows: Array<Record<string, unknown>>) => rows.map((r) => r.body);

describe('company scope and soft delete', () => {
  it('lists only the caller company rows that are not deleted', async () => {
    expect(await names(db, itemDef, byName, COMPANY_1)).toEqual(['Alpha', 'Bêta 50%', 'Delta_x', 'Gamma']);
    expect(await names(db, itemDef, byName, COMPANY_2)).toEqual(['Alpha other']);
    expect(await names(db, itemDef, byName, PLATFORM)).toEqual([]);
  });

  it('scopes totals, groups and search too', async () => {
    expect((await list(db, itemDef, { limit: 1, with_total: true }, COMPANY_1)).meta.total).toBe(4);
    const groups = (await list(db, itemDef, { group_by: 'active' }, COMPANY_1)).rows;
    expect(groups.reduce((sum, g) => sum + (g.count as number), 0)).toBe(4);
    expect(await names(db, itemDef, { input: 'alpha' }, COMPANY_1)).toEqual(['Alpha']);
    expect(await names(db, itemDef, { input: 'alpha' }, COMPANY_2)).toEqual(['Alpha other']);
  });

  it('finds one row only in its company', async () => {
    const [alphaOther] = (await list(db, itemDef, {}, COMPANY_2)).rows;
    expect(await getOne(db, itemDef, alphaOther.id, COMPANY_1)).toBeNull();
    expect(await getOne(db, itemDef, alphaOther.id, COMPANY_2)).toMatchObject({ name: 'Alpha other' });
    expect(await getOne(db, itemDef, 5, COMPANY_1)).toBeNull();
    expect(await getOne(db, itemDef, 7, COMPANY_1)).toBeNull();
  });
});

describe('companyOrGlobal scope', () => {
  it('lists the caller company rows plus platform rows', async () => {
    expect(bodies((await list(db, noteDef, {}, COMPANY_1)).rows)).toEqual(['note 1 of Alpha', 'platform note on Alpha', 'note of Bêta']);
    expect(bodies((await list(db, noteDef, {}, COMPANY_2)).rows)).toEqual([
      'platform note on Alpha',
      'foreign note on Alpha',
      'note of Alpha other',
    ]);
    expect(bodies((await list(db, noteDef, {}, PLATFORM)).rows)).toEqual(['platform note on Alpha']);
  });
});

describe('relations stay in the caller company', () => {
  it('includes only visible related rows (hasMany)', async () => {
    const { rows } = await list(db, itemDef, { ...byName, includes: ['notes', 'notes:ids'] }, COMPANY_1);
    const alpha = rows.find((r) => r.name === 'Alpha')!;
    expect(bodies(alpha.notes as any[])).toEqual(['note 1 of Alpha', 'platform note on Alpha']);
    expect((alpha.notes_ids as number[]).length).toBe(2);
    expect(bodies(rows.find((r) => r.name === 'Bêta 50%')!.notes as any[])).toEqual(['note of Bêta']);
  });

  it('includes a belongsTo only when the target is visible, through an unexposed key', async () => {
    const { rows } = await list(db, noteDef, { includes: ['item', 'item:ids'] }, COMPANY_2);
    const item = Object.fromEntries(rows.map((r) => [r.body, r.item]));
    expect(item['platform note on Alpha']).toBeNull();
    expect(item['foreign note on Alpha']).toBeNull();
    expect(item['note of Alpha other']).toMatchObject({ name: 'Alpha other' });
    expect(rows.every((r) => Object.keys(r).every((k) => !k.startsWith('__')))).toBe(true);
    expect(rows.every((r) => !('item_id' in r))).toBe(true);
  });

  it('includes company rows under a platform resource', async () => {
    const filter = { filter_groups: [{ filters: [['name', 'in', ['Douala', 'Kribi']]] }], includes: ['items'], ...byName };
    const c1 = (await list(db, zoneDef, filter, COMPANY_1)).rows;
    expect(c1.map((z) => [z.name, (z.items as any[]).map((i) => i.name)])).toEqual([
      ['Douala', ['Alpha', 'Bêta 50%']],
      ['Kribi', ['Delta_x']],
    ]);
    const c2 = (await list(db, zoneDef, filter, COMPANY_2)).rows;
    expect(c2.map((z) => [z.name, (z.items as any[]).map((i) => i.name)])).toEqual([
      ['Douala', []],
      ['Kribi', ['Alpha other']],
    ]);
  });

  it('loads only visible related rows', async () => {
    const { rows } = await list(db, itemDef, { load: [{ relationship: 'notes', limit: 10 }], ...byName }, COMPANY_1);
    expect(bodies(rows[0].notes as any[])).toEqual(['platform note on Alpha', 'note 1 of Alpha']);
  });

  it('lets wherehas see and count only visible related rows', async () => {
    expect(await names(db, zoneDef, { wherehas: [{ relationship: 'items' }] }, COMPANY_1)).toEqual(['Douala', 'Kribi']);
    expect(await names(db, zoneDef, { wherehas: [{ relationship: 'items' }] }, COMPANY_2)).toEqual(['Kribi']);
    expect(await names(db, zoneDef, { wherehas: [{ relationship: 'items' }] }, PLATFORM)).toEqual([]);
    expect(await names(db, zoneDef, { wherehas: [{ relationship: 'items', operator: 'gt', value: 1 }] }, COMPANY_1)).toEqual(['Douala']);
    const manyNotes = { wherehas: [{ relationship: 'notes', operator: 'gte', value: 2 }] };
    expect(await names(db, itemDef, manyNotes, COMPANY_1)).toEqual(['Alpha']);
    const foreign = { wherehas: [{ relationship: 'notes', key: 'body', operator: 'ct', value: 'foreign' }] };
    expect(await names(db, itemDef, foreign, COMPANY_1)).toEqual([]);
    const deleted = { wherehas: [{ relationship: 'notes', key: 'body', operator: 'sw', value: 'deleted' }] };
    expect(await names(db, itemDef, deleted, COMPANY_1)).toEqual([]);
  });

  it('getOne includes only visible related rows', async () => {
    const alpha = await getOne(db, itemDef, 1, COMPANY_1, 'notes,zone');
    expect(bodies(alpha!.notes as any[])).toEqual(['note 1 of Alpha', 'platform note on Alpha']);
    expect(alpha!.zone).toMatchObject({ name: 'Douala' });
  });
});
