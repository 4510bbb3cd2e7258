import { decodeQuery, encodeQuery, type QueryObject } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { parseQueryObject } from './parse';
import { itemDef, zoneDef } from './test-defs';

/**
 * The web client sends query objects through encodeQuery; the server reads them with
 * decodeQuery's options. Whatever the client can express must parse to the same
 * ParsedQuery as the JSON body form (POST {r}/search).
 */
const text = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('Douala', 'é&=?[]', 'null', ''));
const valueFor: Record<string, fc.Arbitrary<unknown>> = {
  id: fc.integer({ min: 0, max: 100 }),
  qty: fc.integer({ min: -10, max: 10 }),
  active: fc.boolean(),
  due_on: fc.constantFrom('2026-01-31', '2025-12-01'),
  created_at: fc.constantFrom('2026-01-01T10:00:00.000Z', '2026-01-01'),
  name: text,
  label: text,
};
const keys = Object.keys(valueFor);
const filter = fc.constantFrom(...keys).chain((key) =>
  fc.oneof(
    fc.record({ key: fc.constant(key), operator: fc.constantFrom('eq', 'ct', 'gt', 'lte' as const), value: valueFor[key], not: fc.boolean() }),
    fc.record({ key: fc.constant(key), operator: fc.constant('in' as const), value: fc.array(valueFor[key], { maxLength: 3 }) }),
    fc.record({ key: fc.constant(key), operator: fc.constant('bt' as const), value: fc.tuple(valueFor[key], valueFor[key]) }),
    fc.tuple(fc.constant(key), fc.constantFrom('eq', 'sw' as const), valueFor[key], fc.boolean()),
  ),
);
const groups = fc.array(fc.record({ or: fc.boolean(), filters: fc.array(filter, { minLength: 1, maxLength: 3 }) }), { maxLength: 3 });
const query: fc.Arbitrary<QueryObject> = fc.record(
  {
    filter_groups: groups,
    sort: fc.array(fc.record({ key: fc.constantFrom('id', 'name', 'qty'), direction: fc.constantFrom('asc', 'desc' as const) }), { maxLength: 2 }),
    limit: fc.integer({ min: 1, max: 5000 }),
    start: fc.integer({ min: 0, max: 1000 }),
    select: fc.oneof(fc.uniqueArray(fc.constantFrom('name', 'qty', 'meta'), { maxLength: 3 }), fc.constant('name,qty')),
    includes: fc.uniqueArray(fc.constantFrom('zone', 'zone.parent', 'notes:ids', 'zone.children:ids'), { maxLength: 3 }),
    wherehas: fc.array(
      fc.oneof(
        fc.record({ relationship: fc.constant('notes'), key: fc.constant('body'), operator: fc.constant('ct' as const), value: text, not: fc.boolean() }),
        fc.record({ relationship: fc.constant('notes'), operator: fc.constant('gte' as const), value: fc.integer({ min: 0, max: 3 }) }),
      ),
      { maxLength: 2 },
    ),
    with_total: fc.boolean(),
    input: fc.string({ maxLength: 5 }),
  },
  { requiredKeys: [] },
);

/** The parsed query, or the 400's message: both forms must agree on either. */
function attempt(raw: unknown): unknown {
  try {
    return parseQueryObject(raw, itemDef);
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

describe('encodeQuery -> decodeQuery -> parseQueryObject', () => {
  it('gives the same parsed query (or the same 400) as the JSON form', () => {
    fc.assert(
      fc.property(query, (q) => {
        expect(attempt(decodeQuery(encodeQuery(q)))).toEqual(attempt(JSON.parse(JSON.stringify(q))));
      }),
      { numRuns: 500 },
    );
  });

  it('reads a hand-written bracket string like the client sends it', () => {
    const search =
      '?filter_groups[0][or]=1&filter_groups[0][filters][0][key]=name&filter_groups[0][filters][0][operator]=ct&filter_groups[0][filters][0][value]=ngaound%C3%A9r%C3%A9' +
      '&filter_groups[0][filters][1][0]=type&filter_groups[0][filters][1][1]=eq&filter_groups[0][filters][1][2]=region' +
      '&includes[0]=parent.parent&includes[1]=children:ids&sort[0][key]=name&sort[0][direction]=desc&limit=10&page=2';
    const q = parseQueryObject(decodeQuery(search), zoneDef);
    expect(q.filterGroups[0]).toMatchObject({ or: true, filters: [{ key: 'name', operator: 'ct', value: { kind: 'scalar', value: 'ngaoundéré' } }, { key: 'type' }] });
    expect(q.includes.map((n) => [n.relation, n.embed, n.ids])).toEqual([
      ['parent', true, false],
      ['children', false, true],
    ]);
    expect(q).toMatchObject({ sort: [{ key: 'name', direction: 'desc' }], limit: 10, page: 2, start: 20 });
  });
});
