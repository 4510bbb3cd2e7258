import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { parseQueryObject } from './parse';
import { itemDef, zoneDef } from './test-defs';

function parseError(raw: unknown, def = zoneDef): AppError {
  try {
    parseQueryObject(raw, def);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    return error as AppError;
  }
  throw new Error('expected a 400');
}

describe('parseQueryObject: normalisation', () => {
  it('gives defaults for an empty or missing query', () => {
    for (const raw of [undefined, null, {}, '']) {
      expect(parseQueryObject(raw, zoneDef)).toEqual({
        filterGroups: [],
        includes: [],
        sort: [],
        limit: null,
        page: null,
        start: 0,
        select: null,
        groupBy: null,
        load: [],
        wherehas: [],
        withTotal: false,
        input: null,
      });
    }
  });

  it('reads qs strings as the types of the fields', () => {
    const q = parseQueryObject(
      {
        filter_groups: [
          { or: '1', filters: [{ key: 'qty', operator: 'gte', value: '3' }, { key: 'active', value: 'false', not: 'true' }] },
          { filters: { 0: { key: 'price', operator: 'lt', value: '12.5' } } },
        ],
        with_total: '1',
      },
      itemDef,
    );
    expect(q.withTotal).toBe(true);
    expect(q.filterGroups[0].or).toBe(true);
    expect(q.filterGroups[0].filters.map((f) => [f.key, f.operator, f.value, f.not])).toEqual([
      ['qty', 'gte', { kind: 'scalar', value: 3 }, false],
      ['active', 'eq', { kind: 'scalar', value: false }, true],
    ]);
    expect(q.filterGroups[1].filters[0].value).toEqual({ kind: 'scalar', value: 12.5 });
  });

  it('accepts every boolean spelling', () => {
    for (const [raw, expected] of [[true, true], ['true', true], [1, true], ['1', true], [false, false], ['false', false], [0, false], ['0', false]]) {
      expect(parseQueryObject({ with_total: raw }, zoneDef).withTotal).toBe(expected);
    }
    expect(parseError({ with_total: 'yes' }).message).toContain('with_total');
  });

  it('reads a filter given as an array, with eq as the default operator', () => {
    const q = parseQueryObject({ filter_groups: [{ filters: [['name', 'sw', 'Ba', '1'], ['type', '', 'town'], { key: 'code', value: 'CM' }] }] }, zoneDef);
    expect(q.filterGroups[0].filters.map((f) => [f.key, f.operator, f.not])).toEqual([
      ['name', 'sw', true],
      ['type', 'eq', false],
      ['code', 'eq', false],
    ]);
  });

  it('reads "null" and "" as IS NULL, and in/bt shapes', () => {
    const q = parseQueryObject(
      {
        filter_groups: [
          {
            filters: [
              ['parent_id', 'eq', 'null'],
              ['parent_id', 'gt', ''],
              ['id', 'in', ['1', '2', 'null']],
              ['id', 'in', '7'],
              ['id', 'bt', ['1', '9']],
              ['id', 'in'],
            ],
          },
        ],
      },
      zoneDef,
    );
    expect(q.filterGroups[0].filters.map((f) => f.value)).toEqual([
      { kind: 'null' },
      { kind: 'null' },
      { kind: 'list', values: [1, 2], withNull: true },
      { kind: 'list', values: [7], withNull: false },
      { kind: 'range', from: 1, to: 9 },
      { kind: 'list', values: [], withNull: false },
    ]);
  });

  it('normalises timestamps to ISO UTC and checks dates', () => {
    const q = parseQueryObject(
      {
        filter_groups: [
          { filters: [['created_at', 'gte', '2026-03-01'], ['created_at', 'lt', '2026-03-01 10:20:30.5+01'], ['due_on', 'eq', '2026-02-28']] },
        ],
      },
      itemDef,
    );
    expect(q.filterGroups[0].filters.map((f) => f.value)).toEqual([
      { kind: 'scalar', value: '2026-03-01T00:00:00.000Z' },
      { kind: 'scalar', value: '2026-03-01T09:20:30.500Z' },
      { kind: 'scalar', value: '2026-02-28' },
    ]);
    for (const bad of ['2026-02-30', 'tomorrow', '1', '2026-13-01', '2026-01-01T25:00', '9999-12-31T23:00-05:00', '0001-01-01T00:00+01:00']) {
      expect(parseError({ filter_groups: [{ filters: [['created_at', 'eq', bad]] }] }, itemDef).message).toContain('created_at');
    }
    expect(parseError({ filter_groups: [{ filters: [['due_on', 'eq', '2026-02-29']] }] }, itemDef).message).toContain('due_on');
  });

  it('reads select, group_by and includes as arrays or comma strings', () => {
    expect(parseQueryObject({ select: 'name, code' }, zoneDef).select).toEqual(['name', 'code']);
    expect(parseQueryObject({ select: ['name'] }, zoneDef).select).toEqual(['name']);
    expect(parseQueryObject({ group_by: 'type' }, zoneDef).groupBy).toEqual(['type']);
    const includes = parseQueryObject({ includes: 'parent.parent,children:ids' }, zoneDef).includes;
    expect(includes).toEqual([
      {
        relation: 'parent',
        embed: true,
        ids: false,
        filterGroups: [],
        children: [{ relation: 'parent', embed: true, ids: false, children: [], filterGroups: [] }],
      },
      { relation: 'children', embed: false, ids: true, children: [], filterGroups: [] },
    ]);
  });

  it('reads JSON-encoded lists sent by older clients', () => {
    const q = parseQueryObject({ sort: '[{"key":"name","direction":"desc"}]', filter_groups: '[{"filters":[["type","eq","town"]]}]' }, zoneDef);
    expect(q.sort).toEqual([{ key: 'name', direction: 'desc' }]);
    expect(q.filterGroups[0].filters[0].key).toBe('type');
  });

  it('pages: limit capped, page from 0 and needing limit, start winning', () => {
    expect(parseQueryObject({ limit: '5000' }, zoneDef)).toMatchObject({ limit: 1000, page: 0, start: 0 });
    expect(parseQueryObject({ limit: 10, page: '2' }, zoneDef)).toMatchObject({ limit: 10, page: 2, start: 20 });
    expect(parseQueryObject({ limit: 10, page: 2, start: '3' }, zoneDef)).toMatchObject({ limit: 10, page: null, start: 3 });
    expect(parseQueryObject({ start: 3 }, zoneDef)).toMatchObject({ limit: null, start: 3 });
    expect(parseError({ page: 1 }).message).toContain('page');
    for (const bad of ['0', -1, '1.5', 'abc', 1e20, '99999999999999999999', [], {}]) {
      expect(parseError({ limit: bad }).message).toContain('limit');
    }
    expect(parseError({ limit: 1000, page: 2 ** 52 }).message).toContain('page');
  });

  it('sorts with asc by default and accepts -key shorthands', () => {
    expect(parseQueryObject({ sort: [{ key: 'name' }, { key: 'id', direction: 'DESC' }, '-code'] }, zoneDef).sort).toEqual([
      { key: 'name', direction: 'asc' },
      { key: 'id', direction: 'desc' },
      { key: 'code', direction: 'desc' },
    ]);
  });

  it('parses load and wherehas with their defaults', () => {
    const q = parseQueryObject(
      {
        load: [{ relationship: 'children' }],
        wherehas: [
          { relationship: 'children', key: 'name', operator: 'sw', value: 'Ba' },
          { relationship: 'children', operator: 'gt', value: '5', not: '1' },
          { relationship: 'parent' },
        ],
      },
      zoneDef,
    );
    expect(q.load).toEqual([{ relation: 'children', limit: 5, key: 'id', direction: 'desc', filterGroups: [] }]);
    expect(q.wherehas.map((w) => [w.relation, w.filter?.operator ?? null, w.count, w.not])).toEqual([
      ['children', 'sw', null, false],
      ['children', null, { operator: 'gt', value: 5 }, true],
      ['parent', null, null, false],
    ]);
  });

  it('turns wherehas load into a filtered include', () => {
    const q = parseQueryObject({ wherehas: [{ relationship: 'children', key: 'name', operator: 'sw', value: 'Ba', load: true }] }, zoneDef);
    expect(q.includes).toHaveLength(1);
    expect(q.includes[0].filterGroups[0].filters[0].key).toBe('name');
  });
});

describe('parseQueryObject: 400s naming the culprit', () => {
  const cases: Array<[string, unknown, string]> = [
    ['unknown filter key', { filter_groups: [{ filters: [['foo', 'eq', 1]] }] }, 'Clé de filtre inconnue « foo » pour la ressource zones'],
    ['prototype key', { filter_groups: [{ filters: [['constructor', 'eq', 1]] }] }, '« constructor »'],
    ['unknown operator', { filter_groups: [{ filters: [['name', 'xx', 1]] }] }, 'Opérateur inconnu « xx »'],
    ['unknown relation', { includes: ['bar'] }, 'Relation inconnue « bar » pour la ressource zones'],
    ['unknown nested relation', { includes: ['parent.bar'] }, 'Relation inconnue « bar »'],
    ['unknown include mode', { includes: ['parent:rows'] }, 'parent:rows'],
    ['unknown direction', { sort: [{ key: 'name', direction: 'up' }] }, 'Direction de tri inconnue « up »'],
    ['unknown sort key', { sort: [{ key: 'nom' }] }, 'Clé de tri inconnue « nom »'],
    ['unknown select key', { select: 'name,nom' }, '« nom »'],
    ['select outside group_by', { group_by: 'type', select: 'name' }, '« name »'],
    ['includes with group_by', { group_by: 'type', includes: ['parent'] }, 'group_by'],
    ['in without a list', { filter_groups: [{ filters: [['id', 'in', { a: 1 }]] }] }, '« id »'],
    ['bt without two values', { filter_groups: [{ filters: [['id', 'bt', ['1']]] }] }, 'bt'],
    ['bt with a null bound', { filter_groups: [{ filters: [['id', 'bt', ['1', 'null']]] }] }, 'bt'],
    ['eq with a list', { filter_groups: [{ filters: [['id', 'eq', ['1', '2']]] }] }, '« id »'],
    ['missing value', { filter_groups: [{ filters: [{ key: 'id', operator: 'eq' }] }] }, 'Valeur manquante pour le filtre « id »'],
    ['non integer', { filter_groups: [{ filters: [['id', 'eq', 'abc']] }] }, 'Valeur invalide pour « id »'],
    ['integer out of int4', { filter_groups: [{ filters: [['id', 'eq', '9999999999']] }] }, '« id »'],
    ['bad not', { filter_groups: [{ filters: [['id', 'eq', 1, 'maybe']] }] }, '« not »'],
    ['bad or', { filter_groups: [{ or: 'maybe', filters: [['id', 'eq', 1]] }] }, '« or »'],
    ['filter_groups not a list', { filter_groups: 'abc' }, '« filter_groups »'],
    ['a group not an object', { filter_groups: ['abc'] }, 'filter_groups'],
    ['load on belongsTo', { load: [{ relationship: 'parent' }] }, '« parent »'],
    ['load with a bad key', { load: [{ relationship: 'children', key: 'nom' }] }, '« nom »'],
    ['load and includes on one relation', { load: [{ relationship: 'children' }], includes: ['children'] }, '« children »'],
    ['wherehas unknown relation', { wherehas: [{ relationship: 'kids' }] }, 'Relation inconnue « kids »'],
    ['wherehas count with ct', { wherehas: [{ relationship: 'children', operator: 'ct', value: 1 }] }, '« ct »'],
    ['wherehas negative count', { wherehas: [{ relationship: 'children', operator: 'gt', value: -1 }] }, 'wherehas.value'],
    ['a text with NUL', { input: 'a\u0000b' }, '« input »'],
    ['query not an object', ['limit', 1], 'objet'],
  ];
  it.each(cases)('%s', (_name, raw, message) => {
    expect(parseError(raw).message).toContain(message);
  });

  it('never reveals hidden fields', () => {
    expect(parseError({ filter_groups: [{ filters: [['secret', 'eq', 'x']] }] }, itemDef).message).toContain('« secret »');
    expect(parseError({ select: ['secret'] }, itemDef).message).toContain('« secret »');
    expect(parseError({ sort: [{ key: 'secret' }] }, itemDef).message).toContain('« secret »');
  });

  it('refuses numbers where numbers are expected, and json fields in filters', () => {
    expect(parseError({ filter_groups: [{ filters: [['price', 'gt', '12,5']] }] }, itemDef).message).toContain('« price »');
    expect(parseError({ filter_groups: [{ filters: [['active', 'eq', 'oui']] }] }, itemDef).message).toContain('« active »');
    expect(parseError({ filter_groups: [{ filters: [['meta', 'eq', '{}']] }] }, itemDef).message).toContain('« meta »');
  });

  it('bounds the size of a query', () => {
    const value = Array.from({ length: 1001 }, (_, i) => i);
    expect(parseError({ filter_groups: [{ filters: [['id', 'in', value]] }] }).message).toContain('1000');
    const filters = Array.from({ length: 6000 }, () => ['id', 'eq', 1]);
    expect(parseError({ filter_groups: [{ filters }] }).code).toBe('query_too_complex');
  });
});
