import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/test-db';
import { createTestTables, itemDef, seedTestRows, zoneDef } from './test-defs';
import { expect400, fold, names } from './test-helpers';

let db: Database;
let zones: Array<{ id: number; name: string; parent_id: number | null }>;

beforeAll(async () => {
  db = await openTestDatabase();
  await createTestTables(db);
  await seedTestRows(db);
  zones = await db.rows(sql`SELECT id, name, parent_id FROM zones ORDER BY id`);
});
afterAll(async () => {
  await db?.close();
});

/** Items visible to company 1 (not deleted), by name, matching one filter. */
function itemNames(key: string, operator: string, value: unknown, not = false) {
  return names(db, itemDef, { filter_groups: [{ filters: [{ key, operator, value, not }] }], sort: [{ key: 'name' }] });
}

function zoneNames(key: string, operator: string, value: unknown, not = false) {
  return names(db, zoneDef, { filter_groups: [{ filters: [[key, operator, value, not]] }], sort: [{ key: 'name' }] });
}

const sortNames = (list: string[]) => [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const allZoneNames = () => zones.map((z) => z.name);

describe('eq', () => {
  it('matches equal values, and not gives the complement', async () => {
    expect(await zoneNames('name', 'eq', 'Douala')).toEqual(['Douala']);
    const others = await names(db, zoneDef, { filter_groups: [{ filters: [['name', 'eq', 'Douala', true]] }] });
    expect(others).toHaveLength(zones.length - 1);
    expect(others).not.toContain('Douala');
  });

  it('reads "null" and "" as IS NULL and IS NOT NULL with not', async () => {
    expect(await zoneNames('parent_id', 'eq', 'null')).toEqual(['Cameroun']);
    expect(await zoneNames('parent_id', 'eq', '')).toEqual(['Cameroun']);
    expect(await zoneNames('parent_id', 'eq', null)).toEqual(['Cameroun']);
    expect(await zoneNames('parent_id', 'eq', 'null', true)).toHaveLength(zones.length - 1);
    expect(await itemNames('qty', 'gt', 'null')).toEqual(['Gamma']);
  });

  it('compares integers, numbers, booleans and dates with their types', async () => {
    expect(await itemNames('qty', 'eq', '5')).toEqual(['Bêta 50%']);
    expect(await itemNames('price', 'eq', '10.5')).toEqual(['Alpha']);
    expect(await itemNames('active', 'eq', 'true')).toEqual(['Alpha', 'Delta_x']);
    expect(await itemNames('active', 'eq', 0)).toEqual(['Bêta 50%']);
    expect(await itemNames('active', 'eq', true, true)).toEqual(['Bêta 50%', 'Gamma']);
    expect(await itemNames('due_on', 'eq', '2026-02-01')).toEqual(['Bêta 50%']);
    expect(await itemNames('created_at', 'eq', '2026-01-02T11:00:00+01:00')).toEqual(['Bêta 50%']);
  });
});

describe('ct, sw, ew', () => {
  it('ct is accent- and case-insensitive', async () => {
    expect(await zoneNames('name', 'ct', 'ngaoundere')).toEqual(['Ngaoundéré']);
    const expected = sortNames(allZoneNames().filter((n) => fold(n).includes('ounde')));
    expect(await zoneNames('name', 'ct', 'OUNDÉ')).toEqual(expected);
    expect(expected).toEqual(['Ngaoundéré', 'Yaoundé']);
  });

  it('folds every Latin accent and ligature, not only a fixed list (unaccent, migration 0029)', async () => {
    const rows = await db.rows<{ folded: string; matches: boolean }>(
      sql`SELECT f_unaccent('Œuvre Ŝtraße Ångström') AS folded, f_unaccent('Cœur de Bonabéri') LIKE f_unaccent('%COEUR%') AS matches`,
    );
    expect(rows[0]).toEqual({ folded: 'oeuvre strasse angstrom', matches: true });
  });

  it('sw and ew anchor the pattern', async () => {
    const sw = sortNames(allZoneNames().filter((n) => fold(n).startsWith('ba')));
    expect(sw.length).toBeGreaterThan(3);
    expect(await zoneNames('name', 'sw', 'BA')).toEqual(sw);
    const ew = sortNames(allZoneNames().filter((n) => fold(n).endsWith('ea')));
    expect(ew).toContain('Edéa');
    expect(await zoneNames('name', 'ew', 'éa')).toEqual(ew);
  });

  it('with not, gives the complement including NULLs', async () => {
    expect(await itemNames('label', 'ct', 'ETIQ', true)).toEqual(['Bêta 50%', 'Delta_x', 'Gamma']);
    expect(await zoneNames('name', 'sw', 'ba', true)).toHaveLength(zones.length - (await zoneNames('name', 'sw', 'ba')).length);
  });

  it('takes %, _ and backslash literally', async () => {
    expect(await itemNames('label', 'ct', '%')).toEqual(['Bêta 50%']);
    expect(await itemNames('name', 'ct', '_')).toEqual(['Delta_x']);
    expect(await itemNames('name', 'ew', '0%')).toEqual(['Bêta 50%']);
    expect(await itemNames('label', 'ct', '\\')).toEqual(['Delta_x']);
    expect(await itemNames('label', 'sw', 'x_y')).toEqual([]);
  });

  it('works on the text form of non-text columns', async () => {
    expect(await itemNames('qty', 'sw', '1')).toEqual(['Alpha', 'Delta_x']);
    expect(await itemNames('due_on', 'sw', '2026-03')).toEqual(['Delta_x']);
  });
});

describe('gt, gte, lt, lte', () => {
  it('compare numbers, NULLs never match and match the negation', async () => {
    expect(await itemNames('qty', 'gt', 5)).toEqual(['Delta_x']);
    expect(await itemNames('qty', 'gte', '5')).toEqual(['Bêta 50%', 'Delta_x']);
    expect(await itemNames('qty', 'lt', 5)).toEqual(['Alpha']);
    expect(await itemNames('qty', 'lte', 5)).toEqual(['Alpha', 'Bêta 50%']);
    expect(await itemNames('qty', 'gt', 5, true)).toEqual(['Alpha', 'Bêta 50%', 'Gamma']);
    expect(await itemNames('price', 'gt', '15.5')).toEqual(['Bêta 50%', 'Delta_x']);
    expect(await itemNames('price', 'lte', 20, true)).toEqual(['Delta_x', 'Gamma']);
  });

  it('compare dates and timestamps', async () => {
    expect(await itemNames('due_on', 'lt', '2026-02-01')).toEqual(['Alpha']);
    expect(await itemNames('due_on', 'gte', '2026-02-01')).toEqual(['Bêta 50%', 'Delta_x']);
    expect(await itemNames('created_at', 'gt', '2026-01-02T10:00:00Z')).toEqual(['Delta_x', 'Gamma']);
    expect(await itemNames('created_at', 'lte', '2026-01-02')).toEqual(['Alpha']);
  });

  it('compare text in collation order', async () => {
    const result = await zoneNames('name', 'gte', 'Y');
    expect(result.length).toBeGreaterThan(0);
    expect(result).toContain('Yaoundé');
    expect(result).not.toContain('Douala');
  });
});

describe('in', () => {
  it('matches any listed value; not gives the complement', async () => {
    const ids = zones.slice(0, 3).map((z) => z.id);
    expect(await zoneNames('id', 'in', ids.map(String))).toEqual(sortNames(zones.slice(0, 3).map((z) => z.name)));
    expect(await zoneNames('id', 'in', ids, true)).toHaveLength(zones.length - 3);
  });

  it('accepts a single value, a null member and an empty list', async () => {
    expect(await itemNames('qty', 'in', '5')).toEqual(['Bêta 50%']);
    expect(await itemNames('qty', 'in', ['5', 'null'])).toEqual(['Bêta 50%', 'Gamma']);
    expect(await itemNames('qty', 'in', [])).toEqual([]);
    expect(await itemNames('qty', 'in', [], true)).toHaveLength(4);
    expect(await itemNames('name', 'in', { 0: 'Alpha', 1: 'Gamma' })).toEqual(['Alpha', 'Gamma']);
  });
});

describe('bt', () => {
  it('is inclusive between two values; not gives the complement', async () => {
    expect(await itemNames('qty', 'bt', ['1', '5'])).toEqual(['Alpha', 'Bêta 50%']);
    expect(await itemNames('qty', 'bt', [1, 5], true)).toEqual(['Delta_x', 'Gamma']);
    expect(await itemNames('due_on', 'bt', ['2026-01-01', '2026-02-01'])).toEqual(['Alpha', 'Bêta 50%']);
    expect(await itemNames('created_at', 'bt', ['2026-01-02', '2026-01-03T10:00:00Z'])).toEqual(['Bêta 50%', 'Gamma']);
  });
});

describe('filter groups', () => {
  it('ORs filters inside an or group and ANDs groups', async () => {
    const orGroup = { or: true, filters: [['name', 'eq', 'Alpha'], ['qty', 'gt', 5]] };
    expect(await names(db, itemDef, { filter_groups: [orGroup], sort: [{ key: 'name' }] })).toEqual(['Alpha', 'Delta_x']);
    expect(
      await names(db, itemDef, { filter_groups: [orGroup, { filters: [['active', 'eq', true], ['price', 'gt', 50]] }] }),
    ).toEqual(['Delta_x']);
    expect(await names(db, itemDef, { filter_groups: [{ or: 'false', filters: orGroup.filters }] })).toEqual([]);
  });

  it('negates one filter of a group without touching the others', async () => {
    const group = { or: '1', filters: [['name', 'eq', 'Gamma'], { key: 'active', value: 'true', not: '1' }] };
    expect(await names(db, itemDef, { filter_groups: [group], sort: [{ key: 'name' }] })).toEqual(['Bêta 50%', 'Gamma']);
  });

  it('gives the 400 of a bad value before touching SQL', async () => {
    expect(await expect400(itemNames('qty', 'gt', 'beaucoup'))).toContain('« qty »');
    expect(await expect400(itemNames('qty', 'eq', '2147483648'))).toContain('« qty »');
    expect(await expect400(itemNames('due_on', 'eq', '2026-02-30'))).toContain('« due_on »');
    expect(await expect400(itemNames('meta', 'eq', 'x'))).toContain('Clé de filtre inconnue « meta »');
  });
});
