import type { SurveyTargetKind } from '@app/contracts/surveys';
import { api } from '../../../lib/api-client';
import type { Question } from '../survey.types';

/** A company's default questions for evaluations of `kind`, and the platform's (company null). */
export function listDefaultQuestions(kind: SurveyTargetKind, signal?: AbortSignal) {
  return api.list<Question & { company_id: number | null }>(
    'questions',
    {
      filter_groups: [{ filters: [{ key: 'default_for', operator: 'eq', value: kind }] }, { filters: [{ key: 'survey_id', operator: 'eq', value: 'null' }] }],
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
