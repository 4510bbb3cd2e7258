import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/test-db';
import { createTestTables, itemDef, seedTestRows, sectorDef, zoneDef } from './test-defs';
import { expect400, list, names } from './test-helpers';

let db: Database;
let zoneCount: number;

beforeAll(async () => {
  db = await openTestDatabase();
  await createTestTables(db);
  await seedTestRows(db);
  [{ n: zoneCount }] = await db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM zones`);
});
afterAll(async () => {
  await db?.close();
});

const towns = { filter_groups: [{ filters: [['type', 'eq', 'town']] }] };

describe('sort', () => {
  it('uses the default sort of the resource, then id', async () => {
    const rows = (await list(db, zoneDef, {})).rows;
    const expected = await db.rows<{ id: number }>(sql`SELECT id FROM zones ORDER BY name, id`);
    expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  });

  it('applies keys in order, asc unless desc', async () => {
    const rows = (await list(db, zoneDef, { sort: [{ key: 'type', direction: 'asc' }, { key: 'name', direction: 'desc' }] })).rows;
    expect(rows[0]).toMatchObject({ type: 'country', name: 'Cameroun' });
    const regions = rows.filter((r) => r.type === 'region').map((r) => r.name as string);
    expect(rows.slice(1, 11).map((r) => r.type)).toEqual(Array(10).fill('region'));
    expect(regions[0]).toBe('Sud-Ouest');
    expect(regions.at(-1)).toBe('Adamaoua');
  });

  it('breaks ties by id so that pages are stable', async () => {
    const rows = (await list(db, zoneDef, { sort: [{ key: 'type' }] })).rows;
    const regionIds = rows.filter((r) => r.type === 'region').map((r) => r.id as number);
    expect(regionIds).toEqual([...regionIds].sort((a, b) => a - b));
  });

  it('rejects unknown keys and directions', async () => {
    expect(await expect400(list(db, zoneDef, { sort: [{ key: 'nom' }] }))).toContain('« nom »');
    expect(await expect400(list(db, zoneDef, { sort: [{ key: 'name', direction: 'sideways' }] }))).toContain('« sideways »');
  });
});

describe('paging', () => {
  it('pages from 0 with limit, has_more from one extra row', async () => {
    const all = await names(db, zoneDef, towns);
    const first = await list(db, zoneDef, { ...towns, limit: '10' });
    expect(first.rows.map((r) => r.name)).toEqual(all.slice(0, 10));
    expect(first.meta).toEqual({ limit: 10, page: 0, start: 0, has_more: true });
    const third = await list(db, zoneDef, { ...towns, limit: 10, page: '2' });
    expect(third.rows.map((r) => r.name)).toEqual(all.slice(20, 30));
    expect(third.meta).toEqual({ limit: 10, page: 2, start: 20, has_more: true });
    const last = await list(db, zoneDef, { ...towns, limit: 10, page: Math.floor((all.length - 1) / 10) });
    expect(last.meta.has_more).toBe(false);
    expect(last.rows.map((r) => r.name)).toEqual(all.slice(Math.floor((all.length - 1) / 10) * 10));
  });

  it('lets start win over page', async () => {
    const all = await names(db, zoneDef, towns);
    const result = await list(db, zoneDef, { ...towns, limit: 5, page: 4, start: 3 });
    expect(result.rows.map((r) => r.name)).toEqual(all.slice(3, 8));
    expect(result.meta).toEqual({ limit: 5, page: null, start: 3, has_more: true });
  });

  it('has_more is false on an exact last page; with_total adds the count', async () => {
    const result = await list(db, zoneDef, { limit: zoneCount, with_total: 'true' });
    expect(result.rows).toHaveLength(zoneCount);
    expect(result.meta).toEqual({ limit: zoneCount, page: 0, start: 0, has_more: false, total: zoneCount });
    const filtered = await list(db, zoneDef, { ...towns, limit: 1, with_total: 1 });
    expect(filtered.meta.total).toBe(zoneCount - 11);
    expect((await list(db, zoneDef, { limit: 1 })).meta.total).toBeUndefined();
  });

  it('returns at most 1000 rows without a limit and caps a larger limit', async () => {
    await db.rows(sql`INSERT INTO test_items (company_id, name) SELECT 3, 'bulk ' || g FROM generate_series(1, 1005) AS g`);
    const scope = { companyId: 3 };
    const unbounded = await list(db, itemDef, {}, scope);
    expect(unbounded.rows).toHaveLength(1000);
    expect(unbounded.meta).toEqual({ limit: null, page: null, start: 0, has_more: true });
    const capped = await list(db, itemDef, { limit: 5000, with_total: true }, scope);
    expect(capped.rows).toHaveLength(1000);
    expect(capped.meta).toMatchObject({ limit: 1000, has_more: true, total: 1005 });
    const rest = await list(db, itemDef, { limit: 1000, page: 1 }, scope);
    expect(rest.rows).toHaveLength(5);
    expect(rest.meta.has_more).toBe(false);
  });

  it('answers an empty page past the end', async () => {
    const result = await list(db, zoneDef, { limit: 10, page: 1000 });
    expect(result.rows).toEqual([]);
    expect(result.meta.has_more).toBe(false);
  });
});

describe('select', () => {
  it('returns the selected keys plus id', async () => {
    const { rows } = await list(db, zoneDef, { select: 'name,code', limit: 2 });
    expect(Object.keys(rows[0]).sort()).toEqual(['code', 'id', 'name']);
  });

  it('adds the keys includes need, never hidden fields', async () => {
    const { rows } = await list(db, zoneDef, { select: ['name'], includes: ['parent'], ...towns, limit: 1 });
    expect(Object.keys(rows[0]).sort()).toEqual(['id', 'name', 'parent', 'parent_id']);
    const items = await list(db, itemDef, {});
    expect(items.rows.every((r) => !('secret' in r) && !('company_id' in r) && !('deleted_at' in r))).toBe(true);
  });

  it('serialises every type alike on both drivers', async () => {
    const { rows } = await list(db, itemDef, { filter_groups: [{ filters: [['name', 'eq', 'Alpha']] }] });
    expect(rows[0]).toMatchObject({
      name: 'Alpha',
      qty: 1,
      price: 10.5,
      active: true,
      due_on: '2026-01-10',
      meta: { a: 1 },
      label: 'Étiquette',
      created_at: '2026-01-01T10:00:00.123Z',
    });
    expect(rows[0].updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const gamma = (await list(db, itemDef, { filter_groups: [{ filters: [['name', 'eq', 'Gamma']] }] })).rows[0];
    expect(gamma).toMatchObject({ qty: null, price: null, active: null, due_on: null, meta: null });
  });
});

describe('group_by', () => {
  it('counts rows per group', async () => {
    const { rows } = await list(db, zoneDef, { group_by: 'type' });
    expect(rows).toEqual([
      { type: 'country', count: 1 },
      { type: 'region', count: 10 },
      { type: 'town', count: zoneCount - 11 },
    ]);
  });

  it('combines with filters, sort by count, paging and total', async () => {
    const result = await list(db, zoneDef, {
      group_by: ['parent_id'],
      select: 'parent_id',
      ...towns,
      sort: [{ key: 'count', direction: 'desc' }],
      limit: 3,
      with_total: true,
    });
    expect(result.rows).toHaveLength(3);
    expect(result.rows.map((r) => r.count)).toEqual([6, 6, 6]);
    expect(result.meta).toMatchObject({ total: 10, has_more: true });
  });

  it('groups by several keys', async () => {
    const { rows } = await list(db, itemDef, { group_by: 'active,qty', sort: [{ key: 'qty', direction: 'desc' }] });
    expect(rows).toEqual([
      { active: null, qty: null, count: 1 },
      { active: true, qty: 10, count: 1 },
      { active: false, qty: 5, count: 1 },
      { active: true, qty: 1, count: 1 },
    ]);
  });

  it('refuses a select outside the group keys', async () => {
    expect(await expect400(list(db, zoneDef, { group_by: 'type', select: 'type,name' }))).toContain('« name »');
    expect(await expect400(list(db, zoneDef, { group_by: 'type', sort: [{ key: 'name' }] }))).toContain('« name »');
  });
});

describe('search input', () => {
  it('matches searchable fields accent- and case-insensitively', async () => {
    expect(await names(db, zoneDef, { input: 'ngaoundere' })).toEqual(['Ngaoundéré']);
    expect(await names(db, zoneDef, { input: '  EDEA ' })).toEqual(['Edéa']);
    expect(await names(db, zoneDef, { input: 'cm-ad', sort: [{ key: 'id' }] })).toEqual(
      await names(db, zoneDef, { filter_groups: [{ filters: [['code', 'sw', 'CM-AD']] }], sort: [{ key: 'id' }] }),
    );
    expect(await names(db, sectorDef, { input: 'education' })).toEqual(['Éducation et formation']);
  });

  it('combines with filters and takes wildcards literally', async () => {
    expect(await names(db, zoneDef, { input: 'ba', filter_groups: [{ filters: [['type', 'eq', 'region']] }] })).toEqual([]);
    expect(await names(db, itemDef, { input: '%' })).toEqual(['Bêta 50%']);
    expect(await names(db, itemDef, { input: 'étiq' })).toEqual(['Alpha']);
    expect((await list(db, zoneDef, { input: '   ' })).rows).toHaveLength(zoneCount);
  });
});
