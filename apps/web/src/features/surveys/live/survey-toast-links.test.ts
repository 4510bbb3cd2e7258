import { describe, expect, it } from 'vitest';
import { contributionToastHref, contributorToastHref } from './survey-toast-links';

describe('Consulter links of survey toasts', () => {
  it('opens the contribution page of an invitation to contribute', () => {
    const data = { participation: { id: 77, survey_code: 'AB CD', survey_title: 'Visite', agent_name: 'Alain' } };
    expect(contributorToastHref('ab12cd', data)).toBe('/ab12cd/web/surveys/contribution/AB%20CD?participation=77');
  });

  it('opens the participation details with its contributors after a contribution', () => {
    const data = { participation: { id: 77, survey_id: 5, agent_id: 3 }, agent: { name: 'Alain' }, survey: { title: 'Visite' } };
    expect(contributionToastHref('ab12cd', data)).toBe('/ab12cd/conversations/survey/5/77?multiple=1&tab=contributors');
  });

  it('gives no link when the event lacks what the page needs', () => {
    expect(contributorToastHref('ab12cd', null)).toBeUndefined();
    expect(contributionToastHref('ab12cd', { participation: { id: 1 } } as never)).toBeUndefined();
  });
});
