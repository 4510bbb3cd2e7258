import type { FilterGroup } from '@app/contracts/query-object';
import type { SurveyTargetKind } from '@app/contracts/surveys';
import { api } from '../../../lib/api-client';
import type { Question } from '../survey.types';

/** A company's default questions for evaluations of `kind`, and the platform's (company null); only the platform's with `platformOnly`. */
export function listDefaultQuestions(kind: SurveyTargetKind, signal?: AbortSignal, platformOnly = false) {
  const filters: FilterGroup[] = [{ filters: [{ key: 'default_for', operator: 'eq', value: kind }] }, { filters: [{ key: 'survey_id', operator: 'eq', value: 'null' }] }];
  // The platform's set alone (the back office: an admin reads every company's rows otherwise).
  if (platformOnly) filters.push({ filters: [{ key: 'company_id', operator: 'eq', value: 'null' }] });
  return api.list<Question & { company_id: number | null }>(
    'questions',
    {
      filter_groups: filters,
      includes: ['choices'],
      sort: [
        { key: 'position', direction: 'asc' },
        { key: 'id', direction: 'asc' },
      ],
      limit: 500,
    },
    { signal },
  );
}

export function getQuestion(id: number | string, signal?: AbortSignal) {
  return api.get<Question & { company_id: number | null }>(`questions/${id}`, { query: { includes: ['choices'] }, signal });
}
