import fc from 'fast-check';
import type { ResourceQueryDef } from './resource-def';
import { itemDef, noteDef, zoneDef } from './test-defs';

/**
 * fast-check generators for the query-engine property tests: junk of every shape,
 * structured query objects mixing valid names with junk, and mostly valid queries.
 */
export const tricky = fc.constantFrom(
  'null',
  '',
  ' ',
  '0',
  '-1',
  '1e308',
  '1e400',
  '-2147483649',
  '2147483647',
  '9007199254740993',
  '99999999999999999999999',
  '2026-01-01',
  '2026-02-30',
  '9999-12-31T23:59:59Z',
  '0001-01-01',
  'true',
  '1.5',
  'NaN',
  'Infinity',
  '%_\\',
  "'; DROP TABLE zones; --",
  '\u0000',
  'é',
  '__proto__',
  'constructor',
);
const scalar = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 8 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), tricky);
export const junk = fc.oneof({ depthSize: 'small' }, scalar, fc.anything({ maxDepth: 3 }), fc.array(scalar, { maxLength: 4 }), fc.bigInt());
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, junk);

const fieldNames = [...new Set([...Object.keys(zoneDef.fields), ...Object.keys(itemDef.fields), ...Object.keys(noteDef.fields)])];
const key = fc.oneof(fc.constantFrom(...fieldNames, 'count', 'toString', '__proto__'), fc.string({ maxLength: 8 }));
const operator = fc.oneof(fc.constantFrom('eq', 'ct', 'sw', 'ew', 'gt', 'gte', 'lt', 'lte', 'in', 'bt', 'EQ', 'xx'), junk);
const value = fc.oneof(scalar, tricky, fc.array(fc.oneof(scalar, tricky), { maxLength: 5 }), junk);
const bool = fc.oneof(fc.constantFrom(true, false, 'true', 'false', '1', '0', 1, 0), junk);
const filter = fc.oneof(
  fc.record({ key, operator, value, not: bool }, { requiredKeys: ['key'] }),
  fc.tuple(key, operator, value),
  fc.tuple(key, operator, value, bool),
  junk,
);
const filterGroups = maybe(fc.array(maybe(fc.record({ or: bool, filters: maybe(fc.array(filter, { maxLength: 4 })) }, { requiredKeys: [] })), { maxLength: 3 }));
const relation = fc.oneof(fc.constantFrom('parent', 'children', 'items', 'zone', 'notes', 'item'), fc.string({ maxLength: 6 }));
export const include = fc.oneof(
  fc.constantFrom('parent', 'children', 'parent.parent', 'children:ids', 'parent.children.parent:ids', 'items.notes', 'zone.items', 'notes.item', 'parent:rows'),
  fc.string(),
);
const int = fc.oneof(fc.integer({ min: -5, max: 2000 }), fc.constantFrom('10', '0', '-1', '1e3', 1e20, 2 ** 53, Number.MAX_SAFE_INTEGER, '9007199254740991', 1.5), junk);
const keyList = fc.oneof(fc.array(key, { maxLength: 4 }), fc.array(key, { maxLength: 4 }).map((k) => k.join(',')), junk);

export const queryObject = fc.record(
  {
    filter_groups: filterGroups,
    includes: fc.oneof(fc.array(include, { maxLength: 4 }), include, junk),
    sort: maybe(fc.array(maybe(fc.record({ key, direction: fc.oneof(fc.constantFrom('asc', 'desc', 'DESC', 'up'), junk) }, { requiredKeys: [] })), { maxLength: 3 })),
    limit: int,
    page: int,
    start: int,
    select: keyList,
    group_by: keyList,
    with_total: bool,
    input: fc.oneof(fc.string(), tricky, junk),
    load: maybe(
      fc.array(
        maybe(fc.record({ relationship: relation, limit: int, key, direction: fc.constantFrom('asc', 'desc', 'x'), filter_groups: filterGroups }, { requiredKeys: ['relationship'] })),
        { maxLength: 2 },
      ),
    ),
    wherehas: maybe(
      fc.array(
        maybe(
          fc.record(
            { relationship: relation, key, operator, value, not: bool, load: bool, filter_groups: filterGroups },
            { requiredKeys: ['relationship'] },
          ),
        ),
        { maxLength: 2 },
      ),
    ),
  },
  { requiredKeys: [] },
);

/** Mostly valid queries for one resource, so that most runs reach SQL with varied shapes. */
function fieldValue(def: ResourceQueryDef, key: string): fc.Arbitrary<unknown> {
  const date = fc.date({ min: new Date('2025-06-01'), max: new Date('2026-06-01'), noInvalidDate: true });
  switch (def.fields[key].type) {
    case 'integer':
      return fc.oneof(fc.integer({ min: -5, max: 100 }), fc.integer({ min: 0, max: 100 }).map(String));
    case 'number':
      return fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom('12.5', '-3'));
    case 'boolean':
      return fc.constantFrom(true, false, 'true', '0', 1);
    case 'timestamp':
      return date.map((d) => d.toISOString());
    case 'date':
      return date.map((d) => d.toISOString().slice(0, 10));
    default:
      return fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('Douala', 'ba', '%', '_', 'é', 'Alpha'));
  }
}

function filterFor(def: ResourceQueryDef): fc.Arbitrary<unknown> {
  const keys = Object.keys(def.fields).filter((k) => !def.fields[k].hidden && def.fields[k].type !== 'json');
  return fc.constantFrom(...keys).chain((k) =>
    fc.record({
      key: fc.constant(k),
      operator: fc.constantFrom('eq', 'ct', 'sw', 'ew', 'gt', 'gte', 'lt', 'lte', 'in', 'bt'),
      value: fc.oneof(fieldValue(def, k), fc.array(fieldValue(def, k), { minLength: 2, maxLength: 2 }), fc.constantFrom('null', '')),
      not: fc.boolean(),
    }),
  );
}

function groupsFor(def: ResourceQueryDef) {
  return fc.array(fc.record({ or: fc.boolean(), filters: fc.array(filterFor(def), { minLength: 1, maxLength: 3 }) }), { maxLength: 2 });
}

export function validQuery(def: ResourceQueryDef): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(def.fields).filter((k) => !def.fields[k].hidden && def.fields[k].type !== 'json');
  const relations = Object.keys(def.relations ?? {});
  const hasMany = relations.filter((r) => def.relations![r].kind === 'hasMany');
  const relationItem = <T>(names: string[], build: (name: string, target: ResourceQueryDef) => fc.Arbitrary<T>) =>
    fc.constantFrom(...names).chain((name) => build(name, def.relations![name].target()));
  const includePath = fc.constantFrom(...relations).chain((name) => {
    const nested = Object.keys(def.relations![name].target().relations ?? {});
    return fc.oneof(fc.constant(name), fc.constantFrom(...nested).map((n) => `${name}.${n}`)).chain((p) => fc.constantFrom(p, `${p}:ids`));
  });
  const grouped = fc.record({
    group_by: fc.uniqueArray(fc.constantFrom(...keys), { minLength: 1, maxLength: 2 }),
    filter_groups: groupsFor(def),
    sort: fc.array(fc.record({ key: fc.constantFrom('count', ...keys), direction: fc.constantFrom('asc', 'desc') }), { maxLength: 2 }),
    limit: fc.integer({ min: 1, max: 20 }),
    start: fc.integer({ min: 0, max: 5 }),
    with_total: fc.boolean(),
  });
  const listed = fc.record(
    {
      filter_groups: groupsFor(def),
      sort: fc.array(fc.record({ key: fc.constantFrom(...keys), direction: fc.constantFrom('asc', 'desc') }), { maxLength: 2 }),
      limit: fc.integer({ min: 1, max: 20 }),
      page: fc.integer({ min: 0, max: 3 }),
      with_total: fc.boolean(),
      input: fc.constantFrom('a', 'é', 'douala', '%'),
      includes: fc.array(includePath, { maxLength: 2 }),
      load:
        hasMany.length > 0
          ? fc.array(
              relationItem(hasMany, (name, target) =>
                fc.record({ relationship: fc.constant(name), limit: fc.integer({ min: 1, max: 3 }), filter_groups: groupsFor(target) }),
              ),
              { maxLength: 1 },
            )
          : fc.constant([]),
      wherehas: fc.array(
        relationItem(relations, (name, target) =>
          fc.oneof(
            fc.record({ relationship: fc.constant(name), not: fc.boolean(), filter_groups: groupsFor(target) }),
            fc.record({ relationship: fc.constant(name), operator: fc.constantFrom('eq', 'gt', 'lte'), value: fc.integer({ min: 0, max: 6 }) }),
          ),
        ),
        { maxLength: 2 },
      ),
    },
    { requiredKeys: [] },
  );
  return fc.oneof({ arbitrary: listed, weight: 4 }, { arbitrary: grouped, weight: 1 });
}
