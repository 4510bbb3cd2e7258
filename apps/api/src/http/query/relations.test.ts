import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/test-db';
import { getOne } from './execute';
import { parseQueryObject } from './parse';
import { zoneDef } from './test-defs';
import { COMPANY_1, countStatements, expect400, list, names } from './test-helpers';

type Zone = { id: number; type: string; name: string; parent_id: number | null };
let db: Database;
let zones: Zone[];
const byId = (id: number | null) => zones.find((z) => z.id === id);
const childrenOf = (id: number) => zones.filter((z) => z.parent_id === id);

beforeAll(async () => {
  db = await openTestDatabase();
  zones = await db.rows<Zone>(sql`SELECT id, type, name, parent_id FROM zones ORDER BY name, id`);
});
afterAll(async () => {
  await db?.close();
});

const only = (type: string) => ({ filter_groups: [{ filters: [['type', 'eq', type]] }] });

describe('includes', () => {
  it('embeds a belongsTo relation as an object', async () => {
    const { rows } = await list(db, zoneDef, { ...only('town'), includes: ['parent'], limit: 5 });
    for (const row of rows) {
      const parent = row.parent as Record<string, unknown>;
      expect(parent).toMatchObject({ id: row.parent_id, type: 'region', name: byId(row.parent_id as number)?.name });
      expect(parent.created_at).toMatch(/Z$/);
      expect(Object.keys(parent).some((k) => k.startsWith('__'))).toBe(false);
    }
  });

  it('brings a belongsTo without nested includes with the list statement, as the batch statement does', async () => {
    const counted = countStatements(db);
    const towns = (await list(counted.db, zoneDef, { ...only('town'), includes: ['parent', 'parent:ids'], limit: 5 })).rows;
    expect(counted.count()).toBe(1);
    // The same parents loaded by a batch statement (a nested level): same keys, same order, same values.
    const regions = (await list(db, zoneDef, { ...only('region'), includes: ['children.parent'] })).rows;
    const batched = new Map(regions.flatMap((r) => (r.children as any[]).map((c) => [c.id, c.parent])));
    for (const town of towns) {
      expect(town.parent).toEqual(batched.get(town.id));
      expect(Object.keys(town.parent as object)).toEqual(Object.keys(batched.get(town.id)));
      expect(town.parent_ids).toBe(town.parent_id);
    }
  });

  it('nests with dots: towns -> region -> country', async () => {
    const { rows } = await list(db, zoneDef, { ...only('town'), includes: 'parent.parent', limit: 3 });
    for (const row of rows) {
      const country = (row.parent as any).parent;
      expect(country).toMatchObject({ name: 'Cameroun', type: 'country', parent_id: null });
      expect(country).not.toHaveProperty('parent');
    }
  });

  it('gives null for a missing belongsTo and [] for an empty hasMany', async () => {
    const [country] = (await list(db, zoneDef, { ...only('country'), includes: ['parent', 'children', 'parent:ids'] })).rows;
    expect(country.parent).toBeNull();
    expect(country.parent_ids).toBeNull();
    expect(country.children).toHaveLength(10);
    const [town] = (await list(db, zoneDef, { ...only('town'), includes: ['children', 'children:ids'], limit: 1 })).rows;
    expect(town.children).toEqual([]);
    expect(town.children_ids).toEqual([]);
  });

  it('embeds hasMany rows in the target default order and gives ids with :ids', async () => {
    const { rows } = await list(db, zoneDef, { ...only('region'), includes: ['children', 'children:ids'] });
    expect(rows).toHaveLength(10);
    for (const row of rows) {
      const expected = childrenOf(row.id as number);
      expect((row.children as Zone[]).map((c) => c.name)).toEqual(expected.map((c) => c.name));
      expect(row.children_ids).toEqual(expected.map((c) => c.id));
    }
    const idsOnly = (await list(db, zoneDef, { ...only('town'), includes: ['parent:ids'], limit: 2 })).rows;
    expect(idsOnly[0]).not.toHaveProperty('parent');
    expect(idsOnly[0].parent_ids).toBe(idsOnly[0].parent_id);
  });

  it('loads each level in one statement, never one per row', async () => {
    const counted = countStatements(db);
    const { rows } = await list(counted.db, zoneDef, { includes: ['children.parent', 'parent.parent', 'children.children:ids'] });
    expect(rows.length).toBe(zones.length);
    // list + children + children.parent + children.children + parent + parent.parent
    expect(counted.count()).toBe(6);
    const country = rows.find((r) => r.type === 'country')!;
    const region = (country.children as any[])[0];
    expect(region.parent).toMatchObject({ id: country.id });
    expect(region.children_ids).toEqual(childrenOf(region.id).map((z) => z.id));
  });

  it('rejects unknown relations with a 400', async () => {
    expect(await expect400(list(db, zoneDef, { includes: ['bar'] }))).toBe('Relation inconnue « bar » pour la ressource zones');
    expect(await expect400(list(db, zoneDef, { includes: ['parent.bar:ids'] }))).toContain('« bar »');
  });
});

describe('load', () => {
  it('gives per parent the first N related rows by key and direction', async () => {
    const { rows } = await list(db, zoneDef, { ...only('region'), load: [{ relationship: 'children', limit: 2, key: 'name', direction: 'asc' }] });
    for (const row of rows) {
      const expected = childrenOf(row.id as number).slice(0, 2);
      expect((row.children as Zone[]).map((c) => c.name)).toEqual(expected.map((c) => c.name));
    }
  });

  it('defaults to the 5 highest ids', async () => {
    const { rows } = await list(db, zoneDef, { ...only('region'), load: [{ relationship: 'children' }] });
    for (const row of rows) {
      const expected = childrenOf(row.id as number)
        .map((c) => c.id)
        .sort((a, b) => b - a)
        .slice(0, 5);
      expect((row.children as Zone[]).map((c) => c.id)).toEqual(expected);
      expect(Object.keys((row.children as any[])[0]).some((k) => k.startsWith('__'))).toBe(false);
    }
  });

  it('applies its filter groups in one statement', async () => {
    const counted = countStatements(db);
    const { rows } = await list(counted.db, zoneDef, {
      ...only('region'),
      load: [{ relationship: 'children', limit: '10', filter_groups: [{ filters: [['name', 'sw', 'b']] }] }],
    });
    expect(counted.count()).toBe(2);
    const loaded = rows.flatMap((r) => (r.children as Zone[]).map((c) => c.name));
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.every((n) => n.toLowerCase().startsWith('b'))).toBe(true);
    expect(rows.find((r) => r.name === 'Sud')!.children).toEqual([]);
  });
});

describe('wherehas', () => {
  it('keeps parents having a related row matching key, operator and value', async () => {
    expect(await names(db, zoneDef, { wherehas: [{ relationship: 'children', key: 'name', value: 'Douala' }] })).toEqual(['Littoral']);
    expect(await names(db, zoneDef, { wherehas: [{ relationship: 'children', key: 'name', operator: 'ct', value: 'ndere' }] })).toEqual(['Adamaoua']);
  });

  it('with not, keeps parents having none', async () => {
    const result = await names(db, zoneDef, { ...only('region'), wherehas: [{ relationship: 'children', key: 'name', value: 'Douala', not: 'true' }] });
    expect(result).toHaveLength(9);
    expect(result).not.toContain('Littoral');
  });

  it('without key, compares the number of related rows', async () => {
    expect(await names(db, zoneDef, { wherehas: [{ relationship: 'children', operator: 'gt', value: '5' }], ...only('region') })).toEqual([
      'Centre',
      'Extrême-Nord',
      'Littoral',
      'Ouest',
    ]);
    const leaves = await names(db, zoneDef, { wherehas: [{ relationship: 'children', value: 0 }] });
    expect(leaves).toHaveLength(zones.filter((z) => z.type === 'town').length);
    const notMany = await names(db, zoneDef, { ...only('region'), wherehas: [{ relationship: 'children', operator: 'gte', value: 6, not: true }] });
    expect(notMany).toHaveLength(6);
  });

  it('without key nor value, tests existence', async () => {
    expect(await names(db, zoneDef, { wherehas: [{ relationship: 'parent', not: 1 }] })).toEqual(['Cameroun']);
    expect(await names(db, zoneDef, { wherehas: [{ relationship: 'children' }], ...only('town') })).toEqual([]);
  });

  it('works on belongsTo relations and with filter groups', async () => {
    const littoral = childrenOf(zones.find((z) => z.name === 'Littoral')!.id).map((z) => z.name);
    expect(await names(db, zoneDef, { wherehas: [{ relationship: 'parent', key: 'name', value: 'Littoral' }] })).toEqual(littoral);
    const withB = await names(db, zoneDef, {
      wherehas: [{ relationship: 'children', filter_groups: [{ or: true, filters: [['name', 'sw', 'Ba'], ['name', 'eq', 'Kribi']] }] }],
    });
    expect(withB).toEqual(['Adamaoua', 'Centre', 'Est', 'Nord-Ouest', 'Ouest', 'Sud']);
  });

  it('with load, embeds only the matching related rows', async () => {
    const { rows } = await list(db, zoneDef, { wherehas: [{ relationship: 'children', key: 'name', operator: 'sw', value: 'ba', load: '1' }] });
    expect(rows.map((r) => r.name)).toEqual(['Adamaoua', 'Centre', 'Est', 'Nord-Ouest', 'Ouest']);
    const ouest = rows.find((r) => r.name === 'Ouest')!;
    expect((ouest.children as Zone[]).map((c) => c.name)).toEqual(['Bafang', 'Bafoussam', 'Bangangté']);
  });

  it('rejects bad items with a 400', async () => {
    expect(await expect400(list(db, zoneDef, { wherehas: [{ relationship: 'bar' }] }))).toContain('« bar »');
    expect(await expect400(list(db, zoneDef, { wherehas: [{ relationship: 'children', key: 'nom', value: 1 }] }))).toContain('« nom »');
    expect(await expect400(list(db, zoneDef, { wherehas: [{ relationship: 'children', operator: 'zz', value: 1 }] }))).toContain('« zz »');
    expect(await expect400(list(db, zoneDef, { wherehas: [{ relationship: 'children', value: 'plenty' }] }))).toContain('wherehas.value');
  });
});

describe('getOne', () => {
  it('returns one row with its includes, or null', async () => {
    const douala = zones.find((z) => z.name === 'Douala')!;
    const row = await getOne(db, zoneDef, String(douala.id), COMPANY_1, ['parent.parent']);
    expect(row).toMatchObject({ id: douala.id, name: 'Douala', parent: { name: 'Littoral', parent: { name: 'Cameroun' } } });
    expect(await getOne(db, zoneDef, 2_000_000, COMPANY_1)).toBeNull();
    expect(await getOne(db, zoneDef, 'abc', COMPANY_1)).toBeNull();
    expect(await getOne(db, zoneDef, '99999999999', COMPANY_1)).toBeNull();
    expect(await expect400(getOne(db, zoneDef, douala.id, COMPANY_1, ['bar']))).toContain('« bar »');
  });

  it('accepts includes already parsed by parseQueryObject, re-checked against the resource', async () => {
    const douala = zones.find((z) => z.name === 'Douala')!;
    const { includes } = parseQueryObject({ includes: 'parent.parent,parent:ids' }, zoneDef);
    const row = await getOne(db, zoneDef, douala.id, COMPANY_1, includes);
    expect(row).toMatchObject({ parent_ids: douala.parent_id, parent: { name: 'Littoral', parent: { name: 'Cameroun' } } });
    const foreign = [{ relation: 'bar', embed: true, ids: false, children: [], filterGroups: [] }];
    expect(await expect400(getOne(db, zoneDef, douala.id, COMPANY_1, foreign))).toContain('« bar »');
  });
});
