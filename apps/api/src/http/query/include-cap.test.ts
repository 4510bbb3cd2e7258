import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/test-db';
import { getOne } from './execute';
import { MAX_INCLUDED_PER_PARENT } from './load-relations';
import type { ResourceQueryDef } from './resource-def';
import { createTestTables, itemDef, seedTestRows, zoneDef } from './test-defs';
import { COMPANY_1, list as listRows } from './test-helpers';

/**
 * The per-parent cap of has-many includes: applied by the statement (never by fetching
 * everything), deterministic, reported by `<relation>_has_more`, and correct at every
 * level of nested includes.
 */
type Row = Record<string, any>;
type Zone = { id: number; type: string; name: string; parent_id: number | null };

let db: Database;
let zones: Zone[];
/** Items of company 1 by name, and the ids of the notes each one has (ascending). */
const item: Record<string, number> = {};
const noteIds: Record<string, number[]> = {};

async function addNotes(itemName: string, count: number) {
  const rows = await db.rows<{ id: number }>(
    sql`INSERT INTO test_notes (company_id, item_id, body) SELECT 1, ${item[itemName]}, 'note ' || n FROM generate_series(1, ${count}) AS n RETURNING id`,
  );
  noteIds[itemName] = rows.map((r) => r.id).sort((a, b) => a - b);
}

beforeAll(async () => {
  db = await openTestDatabase();
  await createTestTables(db);
  await seedTestRows(db);
  for (const row of await db.rows<{ id: number; name: string }>(sql`SELECT id, name FROM test_items WHERE company_id = 1`)) item[row.name] = row.id;
  // Gamma is well over the cap, Delta_x exactly at it; Alpha keeps its two visible seeded notes.
  await addNotes('Gamma', MAX_INCLUDED_PER_PARENT + 50);
  await addNotes('Delta_x', MAX_INCLUDED_PER_PARENT);
  zones = await db.rows<Zone>(sql`SELECT id, type, name, parent_id FROM zones ORDER BY name, id`);
});
afterAll(async () => {
  await db?.close();
});

/** The engine's rows, typed loosely for reading nested includes. */
async function list(...args: Parameters<typeof listRows>): Promise<{ rows: Row[] }> {
  return (await listRows(...args)) as { rows: Row[] };
}
const byName = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.name, r]));
const childrenOf = (id: number) => zones.filter((z) => z.parent_id === id);

/** Wraps `db.rows` to record how many rows each statement returned. */
function recordRowCounts(source: Database): { db: Database; counts: number[] } {
  const counts: number[] = [];
  const recording: Database = {
    ...source,
    async rows<T>(query: SQL) {
      const rows = await source.rows<T>(query);
      counts.push(rows.length);
      return rows;
    },
  };
  return { db: recording, counts };
}

describe('has-many includes per parent', () => {
  it('cut at MAX_INCLUDED_PER_PARENT, the lowest ids first, with notes_has_more', async () => {
    const { rows } = await list(db, itemDef, { includes: ['notes', 'notes:ids'] });
    const gamma = byName(rows).Gamma;
    const kept = noteIds.Gamma.slice(0, MAX_INCLUDED_PER_PARENT);
    expect(gamma.notes.map((n: Row) => n.id)).toEqual(kept);
    expect(gamma.notes_ids).toEqual(kept);
    expect(gamma.notes_has_more).toBe(true);
    expect(Object.keys(gamma.notes[0]).some((k) => k.startsWith('__'))).toBe(false);
  });

  it('leave a parent with fewer children, or exactly the cap, whole and not flagged', async () => {
    const { rows } = await list(db, itemDef, { includes: ['notes'] });
    const { Alpha, Delta_x, 'Bêta 50%': beta } = byName(rows);
    expect(Alpha.notes.map((n: Row) => n.body)).toEqual(['note 1 of Alpha', 'platform note on Alpha']);
    expect(Alpha.notes_has_more).toBe(false);
    expect(Delta_x.notes.map((n: Row) => n.id)).toEqual(noteIds.Delta_x);
    expect(Delta_x.notes_has_more).toBe(false);
    expect(beta).toMatchObject({ notes: [{ body: 'note of Bêta' }], notes_has_more: false });
  });

  it('are cut by the statement: at most the cap plus one row per parent leaves the database', async () => {
    const recorded = recordRowCounts(db);
    const row = await getOne(recorded.db, itemDef, item.Gamma, COMPANY_1, ['notes']);
    expect(row!.notes).toHaveLength(MAX_INCLUDED_PER_PARENT);
    expect(recorded.counts).toEqual([1, MAX_INCLUDED_PER_PARENT + 1]);
  });

  it('are the same rows whichever parents share the page', async () => {
    const alone = await getOne(db, itemDef, item.Gamma, COMPANY_1, ['notes']);
    const { rows } = await list(db, itemDef, { includes: ['notes'], sort: [{ key: 'name', direction: 'desc' }] });
    expect(byName(rows).Gamma.notes).toEqual(alone!.notes);
  });

  it('apply at the nested level, on each kept parent', async () => {
    const { rows } = await list(db, zoneDef, { filter_groups: [{ filters: [['name', 'eq', 'Kribi']] }], includes: ['items.notes'] });
    const [delta] = rows[0].items;
    expect(delta).toMatchObject({ name: 'Delta_x', notes_has_more: false });
    expect(delta.notes.map((n: Row) => n.id)).toEqual(noteIds.Delta_x);
    expect(rows[0].items_has_more).toBe(false);
  });
});

describe('a relation with its own maxPerParent', () => {
  // Zones whose children are cut at 2, at every level.
  const capped: ResourceQueryDef = {
    ...zoneDef,
    relations: { children: { target: () => capped, kind: 'hasMany', localKey: 'id', foreignKey: 'parent_id', maxPerParent: 2 } },
  };

  it('keeps that many per parent at each level and loads only the kept rows’ children', async () => {
    const recorded = recordRowCounts(db);
    const { rows } = await list(recorded.db, capped, { filter_groups: [{ filters: [['type', 'eq', 'country']] }], includes: ['children.children'] });
    const [country] = rows;
    const regions = childrenOf(country.id);
    expect(country.children.map((r: Row) => r.name)).toEqual(regions.slice(0, 2).map((r) => r.name));
    expect(country.children_has_more).toBe(regions.length > 2);
    for (const region of country.children) {
      const towns = childrenOf(region.id);
      expect(region.children.map((t: Row) => t.name)).toEqual(towns.slice(0, 2).map((t) => t.name));
      expect(region.children_has_more).toBe(towns.length > 2);
    }
    // country, its regions (2 + 1 telling has_more), the towns of the 2 kept regions only.
    const townsFetched = country.children.reduce((sum: number, r: Row) => sum + Math.min(childrenOf(r.id).length, 3), 0);
    expect(recorded.counts).toEqual([1, 3, townsFetched]);
  });
});

describe('load', () => {
  it('tells with <relation>_has_more whether a parent had more than its limit', async () => {
    const { rows } = await list(db, zoneDef, { filter_groups: [{ filters: [['type', 'eq', 'region']] }], load: [{ relationship: 'children', limit: 5 }] });
    for (const row of rows) {
      expect(row.children.length).toBe(Math.min(5, childrenOf(row.id).length));
      expect(row.children_has_more).toBe(childrenOf(row.id).length > 5);
    }
    expect(rows.some((r) => r.children_has_more)).toBe(true);
    expect(rows.some((r) => !r.children_has_more)).toBe(true);
  });
});
