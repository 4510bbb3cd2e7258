import { describe, expect, it } from 'vitest';
import { validationsQuery } from './validations-query';

describe('the validations list query', () => {
  it('shows sent participations 10 a page, newest first, with the filters of the address', () => {
    const query = validationsQuery(new URLSearchParams('f.survey_id=7&f.status=checked&from=2026-03-01&page=3'));
    expect(query.limit).toBe(10);
    expect(query.page).toBe(2);
    expect(query.sort).toEqual([
      { key: 'created_at', direction: 'desc' },
      { key: 'id', direction: 'desc' },
    ]);
    const filters = query.filter_groups!.flatMap((g) => g.filters);
    expect(filters).toEqual(
      expect.arrayContaining([
        { key: 'status', operator: 'in', value: ['submitted', 'checked', 'validated'] },
        { key: 'survey_id', operator: 'eq', value: '7' },
        { key: 'status', operator: 'eq', value: 'checked' },
        expect.objectContaining({ key: 'submitted_at', operator: 'gte' }),
      ]),
    );
  });
});
