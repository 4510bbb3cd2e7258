import { describe, expect, it } from 'vitest';
import { buildListQuery, nextSort, readListState, writeListState } from './list-query';

describe('list state in the address', () => {
  it('round-trips search, filters, sort and page and keeps other parameters', () => {
    const search = new URLSearchParams('tab=people&q=awa&f.status=active&sort=-name&page=3');
    const state = readListState(search);
    expect(state).toEqual({ search: 'awa', filters: { status: 'active' }, sort: { key: 'name', direction: 'desc' }, page: 2 });
    const written = writeListState({ ...state, page: 0, filters: {} }, search);
    expect(written.toString()).toBe('tab=people&q=awa&sort=-name');
  });

  it('keeps two lists of one page apart with a prefix', () => {
    const search = new URLSearchParams('q=awa&page=2&groups.q=nord&groups.f.site=4');
    expect(readListState(search, 'groups.')).toEqual({ search: 'nord', filters: { site: '4' }, sort: null, page: 0 });
    expect(readListState(search).filters).toEqual({});
    const written = writeListState({ search: '', filters: {}, sort: null, page: 1 }, search, 'groups.');
    expect(written.toString()).toBe('q=awa&page=2&groups.page=2');
  });

  it('ignores a page that is not a positive number', () => {
    expect(readListState(new URLSearchParams('page=-4')).page).toBe(0);
    expect(readListState(new URLSearchParams('page=abc')).page).toBe(0);
  });

  it('cycles a column through ascending, descending and back to the default', () => {
    expect(nextSort(null, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'name')).toBeNull();
    expect(nextSort({ key: 'name', direction: 'desc' }, 'email')).toEqual({ key: 'email', direction: 'asc' });
  });
});

describe('the query object of a list', () => {
  it('is newest first, 20 a page, with id as a tie-breaker', () => {
    expect(buildListQuery(readListState(new URLSearchParams()))).toEqual({
      sort: [
        { key: 'created_at', direction: 'desc' },
        { key: 'id', direction: 'desc' },
      ],
      limit: 20,
      page: 0,
    });
  });

  it('adds the chosen filters to the fixed ones, the search text and the page size', () => {
    const state = readListState(new URLSearchParams('q= awa &f.status=active&f.kind=a,b&page=2'));
    const query = buildListQuery(state, {
      pageSize: 10,
      withTotal: true,
      base: { includes: ['user'], filter_groups: [{ filters: [{ key: 'company_id', value: 3 }] }] },
      filterSpecs: [{ key: 'status' }, { key: 'kind', operator: 'in' }, { key: 'unused' }],
    });
    expect(query).toEqual({
      includes: ['user'],
      filter_groups: [
        { filters: [{ key: 'company_id', value: 3 }] },
        { filters: [{ key: 'status', operator: 'eq', value: 'active' }] },
        { filters: [{ key: 'kind', operator: 'in', value: ['a', 'b'] }] },
      ],
      sort: [
        { key: 'created_at', direction: 'desc' },
        { key: 'id', direction: 'desc' },
      ],
      limit: 10,
      page: 1,
      with_total: true,
      input: 'awa',
    });
  });
});
