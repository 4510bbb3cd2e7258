import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { decodeQuery, encodeQuery, QUERY_QS_OPTIONS } from './query-codec';
import type { QueryObject } from './query-object';

/** What a query object looks like once it has travelled as text: every leaf a string. */
function stringifyLeaves(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stringifyLeaves);
  if (value === null) return '';
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as object)
        .filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0))
        .map(([k, v]) => [k, stringifyLeaves(v)]),
    );
  }
  return String(value);
}

const full: QueryObject = {
  filter_groups: [
    {
      or: true,
      filters: [
        { key: 'name', operator: 'ct', value: 'Ngaoundéré & co=1?' },
        { key: 'id', operator: 'in', value: [1, 2, 3] },
        ['parent_id', 'eq', null, true],
      ],
    },
    { filters: [{ key: 'created_at', operator: 'bt', value: ['2026-01-01', '2026-12-31'], not: false }] },
  ],
  includes: ['region.country', 'children:ids'],
  sort: [{ key: 'name', direction: 'desc' }, { key: 'id' }],
  limit: 20,
  page: 3,
  start: 40,
  select: ['id', 'name'],
  group_by: 'type,parent_id',
  load: [{ relationship: 'children', limit: 2, key: 'name', direction: 'asc', filter_groups: [{ filters: [['type', 'eq', 'town']] }] }],
  wherehas: [
    {
      relationship: 'children',
      key: 'name',
      operator: 'sw',
      value: 'Ba',
      not: true,
      filter_groups: [{ or: false, filters: [{ key: 'type', value: 'town' }] }],
    },
    { relationship: 'children', operator: 'gt', value: 5 },
  ],
  with_total: true,
  input: 'édéa',
};

describe('query codec', () => {
  it('round-trips a full query object through a bracket query string', () => {
    const encoded = encodeQuery(full);
    expect(encoded).toContain('filter_groups[0][filters][0][key]=name');
    expect(decodeQuery(encoded)).toEqual(stringifyLeaves(full));
  });

  it('encodes values only, so brackets stay readable and values are escaped', () => {
    const encoded = encodeQuery({ filter_groups: [{ filters: [{ key: 'name', value: 'a&b=c' }] }] });
    expect(encoded).toBe('filter_groups[0][filters][0][key]=name&filter_groups[0][filters][0][value]=a%26b%3Dc');
  });

  it('accepts a leading question mark and the empty string', () => {
    expect(decodeQuery('?limit=5')).toEqual({ limit: '5' });
    expect(decodeQuery('')).toEqual({});
    expect(encodeQuery({})).toBe('');
  });

  it('keeps long in-lists as arrays up to the array limit', () => {
    const value = Array.from({ length: 1000 }, (_, i) => i);
    const decoded = decodeQuery(encodeQuery({ filter_groups: [{ filters: [{ key: 'id', operator: 'in', value }] }] })) as any;
    expect(decoded.filter_groups[0].filters[0].value).toHaveLength(1000);
    expect(Array.isArray(decoded.filter_groups[0].filters[0].value)).toBe(true);
  });

  it('decodes nested wherehas filters at full depth', () => {
    const q: QueryObject = {
      wherehas: [{ relationship: 'r', filter_groups: [{ filters: [{ key: 'k', operator: 'in', value: ['a', 'b'] }] }] }],
    };
    expect(decodeQuery(encodeQuery(q))).toEqual(stringifyLeaves(q));
  });

  it('exports parse options that do not read dots as nesting nor touch prototypes', () => {
    expect(QUERY_QS_OPTIONS.allowDots).toBe(false);
    expect(qs.parse('includes[0]=region.country', QUERY_QS_OPTIONS)).toEqual({ includes: ['region.country'] });
    const polluted = qs.parse('__proto__[x]=1&constructor[prototype][y]=2', QUERY_QS_OPTIONS) as any;
    expect(({} as any).x).toBeUndefined();
    expect(Object.keys(polluted)).toEqual([]);
  });

  it('round-trips the short forms', () => {
    const samples: QueryObject[] = [
      { limit: 1 },
      { select: 'a,b' },
      { sort: [{ key: 'x', direction: 'asc' }], includes: ['a'] },
      { filter_groups: [{ filters: [['k', 'in', ['x', 'y', 'z'], false]] }] },
    ];
    for (const q of samples) expect(decodeQuery(encodeQuery(q))).toEqual(stringifyLeaves(q));
  });
});
