import { describe, expect, it } from 'vitest';
import { notificationHref } from './notification-links';

describe('notificationHref', () => {
  it('opens the evaluated participation from an "a évalué" notification', () => {
    const href = notificationHref('abc123', { kind: 'evaluation', data: { participation_id: 41, survey_id: 7, target_kind: 'site', target_id: 3 } });
    expect(href).toBe('/abc123/conversations/survey/7/41?multiple=1&tab=contributors');
  });

  it('has no link when the evaluation does not name its participation', () => {
    expect(notificationHref('abc123', { kind: 'evaluation', data: { target_kind: 'site' } })).toBeUndefined();
  });
});
