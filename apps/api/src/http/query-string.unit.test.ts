import { decodeQuery } from '@app/contracts/query-codec';
import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string';

describe('querystring parser', () => {
  const search = 'filter_groups[0][filters][0][key]=type&filter_groups[0][filters][0][value]=town&includes[0]=parent&limit=10';

  it('reads what decodeQuery reads', () => {
    expect(parseQueryString(search)).toEqual(decodeQuery(search));
    expect(parseQueryString('')).toEqual(decodeQuery(''));
    const long = `input=${'a'.repeat(5000)}`;
    expect(parseQueryString(long)).toEqual(decodeQuery(long));
  });

  it('gives each request its own copy of a repeated query string', () => {
    const first = parseQueryString(search) as any;
    first.limit = '999';
    first.filter_groups[0].filters[0].value = 'region';
    first.includes.push('children');
    const second = parseQueryString(search);
    expect(second).toEqual(decodeQuery(search));
    expect(second).not.toBe(first);
  });
});
