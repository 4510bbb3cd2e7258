import { describe, expect, it } from 'vitest';
import { buildSurveyListQuery, readSurveyListFilters, writeSurveyListSearch } from './survey-list-query';

describe('survey list filters', () => {
  it('reads search, status and 1-based page from the query, and the type from the path', () => {
    const filters = readSurveyListFilters(new URLSearchParams('q=visite&status=published&page=3'), 'evaluation');
    expect(filters).toEqual({ search: 'visite', status: 'published', type: 'evaluation', page: 2, limit: 20 });
  });

  it('ignores values it does not know', () => {
    expect(readSurveyListFilters(new URLSearchParams('status=perdu&page=-2'), 'autre')).toEqual({ search: '', status: null, type: null, page: 0, limit: 20 });
  });

  it('writes only what is set, keeping other query values', () => {
    const written = writeSurveyListSearch({ search: ' visite ', status: null, page: 1 }, new URLSearchParams('tab=x&status=draft'));
    expect(written.toString()).toBe('tab=x&q=visite&page=2');
    expect(writeSurveyListSearch({ search: '', status: 'closed', page: 0 }).toString()).toBe('status=closed');
  });

  it('builds the list query: filters, newest change first, a page with the total, free text as input', () => {
    expect(buildSurveyListQuery({ search: 'visite', status: 'draft', type: 'form', page: 1, limit: 20 })).toEqual({
      filter_groups: [{ filters: [{ key: 'status', operator: 'eq', value: 'draft' }] }, { filters: [{ key: 'type', operator: 'eq', value: 'form' }] }],
      sort: [
        { key: 'updated_at', direction: 'desc' },
        { key: 'id', direction: 'desc' },
      ],
      limit: 20,
      page: 1,
      with_total: true,
      input: 'visite',
    });
    expect(buildSurveyListQuery({ search: ' ', status: null, type: null, page: 0, limit: 20 }).filter_groups).toBeUndefined();
  });
});
