import { decodeQuery, encodeQuery, type QueryObject } from '@app/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/test-db';
import { AppError } from '../errors';
import { getOne } from './execute';
import type { QueryScope, ResourceQueryDef } from './resource-def';
import { include, junk, queryObject, validQuery } from './test-arbitraries';
import { createTestTables, itemDef, noteDef, seedTestRows, zoneDef } from './test-defs';
import { list } from './test-helpers';

/**
 * Whatever a client sends, the engine answers rows or a 400: never another error, so
 * never a 500. Random inputs mix valid names (to reach SQL) with junk of every shape.
 */
let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  await createTestTables(db);
  await seedTestRows(db);
});
afterAll(async () => {
  await db?.close();
});

const scopes: QueryScope[] = [{ companyId: 1 }, { companyId: 2 }, { companyId: null }];
const defs: ResourceQueryDef[] = [zoneDef, itemDef, noteDef];

/** Runs one input and reports 'ok' or '400'; anything else fails the property. */
async function outcome(def: ResourceQueryDef, raw: unknown, scope: QueryScope): Promise<'ok' | '400'> {
  try {
    const result = await list(db, def, raw, scope);
    expect(Array.isArray(result.rows)).toBe(true);
    expect(typeof result.meta.has_more).toBe('boolean');
    return 'ok';
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return '400';
    throw error;
  }
}

describe('property: rows or 400, never anything else', () => {
  it('holds for structured random query objects', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...defs), fc.constantFrom(...scopes), queryObject, async (def, scope, raw) => {
        await outcome(def, raw, scope);
      }),
      { numRuns: 500 },
    );
  });

  it('holds for mostly valid queries, most of which run', async () => {
    const seen = { ok: 0, '400': 0 };
    const cases = fc.constantFrom(...defs).chain((def) => fc.tuple(fc.constant(def), fc.constantFrom(...scopes), validQuery(def)));
    await fc.assert(
      fc.asyncProperty(cases, async ([def, scope, raw]) => {
        seen[await outcome(def, raw, scope)] += 1;
      }),
      { numRuns: 400 },
    );
    // Both paths must be exercised, or the property proves little.
    expect(seen.ok).toBeGreaterThan(100);
    expect(seen['400']).toBeGreaterThan(10);
  });

  it('holds after a trip through the bracket query string', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...defs), queryObject, async (def, raw) => {
        let encoded: string;
        try {
          encoded = encodeQuery(raw as QueryObject);
        } catch {
          return; // qs cannot encode some junk (symbols, cycles); no client could send it
        }
        await outcome(def, decodeQuery(encoded), { companyId: 1 });
      }),
      { numRuns: 300 },
    );
  });

  it('holds for raw query strings and any JSON value', async () => {
    const rawString = fc.oneof(
      fc.string(),
      fc.array(fc.tuple(fc.constantFrom('filter_groups[0][filters][0]', 'sort[0]', 'includes', 'wherehas[0]', 'limit', 'select'), fc.string(), fc.string()), { maxLength: 5 }).map(
        (parts) => parts.map(([a, b, c]) => `${a}${b}=${encodeURIComponent(c)}`).join('&'),
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...defs), fc.oneof(rawString.map(decodeQuery), fc.jsonValue()), async (def, raw) => {
        await outcome(def, raw, { companyId: 1 });
      }),
      { numRuns: 300 },
    );
  });

  it('getOne answers a row, null or a 400 for any id and includes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...defs), fc.oneof(junk, fc.integer()), fc.oneof(fc.array(include, { maxLength: 3 }), junk), async (def, id, includes) => {
        try {
          const row = await getOne(db, def, id, { companyId: 1 }, includes as string[]);
          expect(row === null || typeof row === 'object').toBe(true);
        } catch (error) {
          if (!(error instanceof AppError && error.status === 400)) throw error;
        }
      }),
      { numRuns: 200 },
    );
  });
});
