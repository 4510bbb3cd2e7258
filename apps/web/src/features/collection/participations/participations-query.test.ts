import { decodeQuery, encodeQuery } from '@app/contracts/query-codec';
import { describe, expect, it } from 'vitest';
import {
  buildParticipationsQuery,
  dateRangeGroup,
  defaultParticipationFilters,
  endOfDayIso,
  exportOptionsOf,
  pageCount,
  startOfDayIso,
  toggleSort,
} from './participations-query';

const base = defaultParticipationFilters(42);

describe('buildParticipationsQuery', () => {
  it('asks for one page of the survey, newest first with the id as tie-breaker, and the total', () => {
    expect(buildParticipationsQuery(base)).toEqual({
      filter_groups: [{ filters: [{ key: 'survey_id', operator: 'eq', value: 42 }] }],
      includes: ['participant', 'user', 'agent'],
      sort: [
        { key: 'created_at', direction: 'desc' },
        { key: 'id', direction: 'desc' },
      ],
      limit: 20,
      page: 0,
      with_total: true,
    });
  });

  it('filters statuses (one is eq, several are in) and the submission window in local days', () => {
    const one = buildParticipationsQuery({ ...base, statuses: ['checked'] });
    expect(one.filter_groups?.[1]).toEqual({ filters: [{ key: 'status', operator: 'eq', value: 'checked' }] });
    const query = buildParticipationsQuery({ ...base, statuses: ['submitted', 'checked'], from: '2026-05-01', to: '2026-05-31' });
    expect(query.filter_groups?.[1]).toEqual({ filters: [{ key: 'status', operator: 'in', value: ['submitted', 'checked'] }] });
    expect(query.filter_groups?.[2]).toEqual({
      filters: [{ key: 'submitted_at', operator: 'bt', value: [startOfDayIso('2026-05-01'), endOfDayIso('2026-05-31')] }],
    });
  });

  it('keeps only field visits flagged for review (outside the geofence or without a position)', () => {
    const query = buildParticipationsQuery({ ...base, flagged: true });
    expect(query.filter_groups?.[1]).toEqual({ filters: [{ key: 'geofence_status', operator: 'in', value: ['outside', 'unknown'] }] });
    expect(buildParticipationsQuery({ ...base, flagged: false }).filter_groups).toHaveLength(1);
  });

  it('reads a number as a participation number and other text as the participant', () => {
    const byId = buildParticipationsQuery({ ...base, search: ' 1234 ' });
    expect(byId.filter_groups?.at(-1)).toEqual({ filters: [{ key: 'id', operator: 'eq', value: 1234 }] });
    expect(byId.wherehas).toBeUndefined();
    const byName = buildParticipationsQuery({ ...base, search: 'Mballa' });
    expect(byName.with_total).toBeUndefined();
    expect(byName.wherehas).toEqual([
      {
        relationship: 'participant',
        filter_groups: [
          {
            or: true,
            filters: [
              { key: 'name', operator: 'ct', value: 'Mballa' },
              { key: 'phone', operator: 'ct', value: 'Mballa' },
              { key: 'email', operator: 'ct', value: 'Mballa' },
            ],
          },
        ],
      },
    ]);
  });

  it('sorts by the chosen column and pages', () => {
    const query = buildParticipationsQuery({ ...base, sort: { key: 'score', direction: 'asc' }, page: 3, limit: 50 });
    expect(query.sort).toEqual([
      { key: 'score', direction: 'asc' },
      { key: 'id', direction: 'asc' },
    ]);
    expect([query.page, query.limit]).toEqual([3, 50]);
    expect(buildParticipationsQuery({ ...base, sort: { key: 'id', direction: 'asc' } }).sort).toEqual([{ key: 'id', direction: 'asc' }]);
  });

  it('survives the bracket encoding the client sends', () => {
    const query = buildParticipationsQuery({ ...base, statuses: ['submitted', 'validated'], search: 'Awa', from: '2026-05-01' });
    expect(decodeQuery(encodeQuery(query))).toMatchObject({
      filter_groups: [
        { filters: [{ key: 'survey_id', operator: 'eq', value: '42' }] },
        { filters: [{ key: 'status', operator: 'in', value: ['submitted', 'validated'] }] },
        { filters: [{ key: 'submitted_at', operator: 'gte', value: startOfDayIso('2026-05-01') }] },
      ],
      wherehas: [{ relationship: 'participant' }],
    });
  });
});

describe('date windows', () => {
  it('accepts either bound alone, swaps reversed bounds and ignores malformed days', () => {
    expect(dateRangeGroup('submitted_at', null, null)).toBeNull();
    expect(dateRangeGroup('submitted_at', 'hier', null)).toBeNull();
    expect(dateRangeGroup('submitted_at', null, '2026-05-02')).toEqual({ filters: [{ key: 'submitted_at', operator: 'lte', value: endOfDayIso('2026-05-02') }] });
    expect(dateRangeGroup('submitted_at', '2026-06-01', '2026-05-01')).toEqual({
      filters: [{ key: 'submitted_at', operator: 'bt', value: [startOfDayIso('2026-05-01'), endOfDayIso('2026-06-01')] }],
    });
  });

  it('covers the whole local day', () => {
    const start = new Date(startOfDayIso('2026-05-01'));
    const end = new Date(endOfDayIso('2026-05-01'));
    expect(end.getTime() - start.getTime()).toBe(24 * 3600 * 1000 - 1);
    expect(start.getHours()).toBe(0);
  });
});

describe('exports, sorting and pages', () => {
  it('sends the table filters to the export in the export route form', () => {
    expect(exportOptionsOf({ ...base, statuses: ['validated'], from: '2026-05-31', to: '2026-05-01', search: 'x', page: 4 }, 'Africa/Douala')).toEqual({
      status: ['validated'],
      from: '2026-05-01',
      to: '2026-05-31',
      tz: 'Africa/Douala',
    });
    expect(exportOptionsOf(base, 'UTC')).toEqual({ tz: 'UTC' });
  });

  it('flips the direction of the same column and starts a new column descending', () => {
    expect(toggleSort({ key: 'score', direction: 'desc' }, 'score')).toEqual({ key: 'score', direction: 'asc' });
    expect(toggleSort({ key: 'score', direction: 'asc' }, 'status')).toEqual({ key: 'status', direction: 'desc' });
  });

  it('counts pages from the total, or from has_more without one', () => {
    expect(pageCount(41, 20, 0, true)).toBe(3);
    expect(pageCount(0, 20, 0, false)).toBe(1);
    expect(pageCount(undefined, 20, 2, true)).toBe(4);
    expect(pageCount(undefined, 20, 2, false)).toBe(3);
  });
});
