import fc from 'fast-check';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { QUERY_STRINGIFY_OPTIONS } from './query-codec';
import { encodeQuery } from './query-encode';
import type { QueryObject } from './query-object';

const byQs = (q: unknown) => qs.stringify(q, QUERY_STRINGIFY_OPTIONS);

/** Leaves of every kind a client may hold: any text (astral characters, lone surrogates), numbers, booleans, null, undefined, dates. */
const leaf = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string(),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date({ noInvalidDate: true }),
);
const key = fc.oneof(fc.constantFrom('filter_groups', 'filters', 'key', 'value', 'sort', 'includes', 'limit', 'or', 'not'), fc.string({ maxLength: 6 }));
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('tree'), { maxLength: 4 }), fc.dictionary(key, tie('tree'), { maxKeys: 4 })),
}));

describe('encodeQuery without qs', () => {
  it('writes what qs.stringify writes with the options the server reads, for any query object', () => {
    fc.assert(
      fc.property(fc.dictionary(key, tree, { maxKeys: 6 }), (q) => {
        expect(encodeQuery(q as QueryObject)).toBe(byQs(q));
      }),
      { numRuns: 2000 },
    );
  });

  it('escapes as qs does: brackets of keys kept, reserved characters, accents, emoji and a lone surrogate in values', () => {
    const q = { filter_groups: [{ filters: [{ key: 'name', operator: 'ct', value: "Ngaoundéré & co=1? (l'été)*!~ 😀 \uD800" }] }], limit: 20, with_total: true, input: null } as unknown as QueryObject;
    expect(encodeQuery(q)).toBe(byQs(q));
    expect(encodeQuery(q)).toContain('filter_groups[0][filters][0][value]=Ngaound%C3%A9r%C3%A9%20%26%20co%3D1%3F%20%28l%27%C3%A9t%C3%A9%29%2A%21~%20%F0%9F%98%80%20%EF%BF%BD');
    expect(encodeQuery(q)).toContain('&limit=20&with_total=true&input=');
  });

  it('leaves out undefined values and empty lists, and refuses a cycle like qs', () => {
    expect(encodeQuery({ includes: [], select: undefined, limit: 5 } as unknown as QueryObject)).toBe('limit=5');
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => encodeQuery(cyclic as QueryObject)).toThrow(RangeError);
    expect(() => byQs(cyclic)).toThrow(RangeError);
  });
});
