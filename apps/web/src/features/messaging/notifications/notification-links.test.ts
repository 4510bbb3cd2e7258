import { describe, expect, it } from 'vitest';
import { broadcastHref, notificationHref } from './notification-links';

describe('notificationHref', () => {
  it('opens the evaluated participation from an "a évalué" notification', () => {
    const href = notificationHref('abc123', { kind: 'evaluation', data: { participation_id: 41, survey_id: 7, target_kind: 'site', target_id: 3 } });
    expect(href).toBe('/abc123/conversations/survey/7/41?multiple=1&tab=contributors');
  });

  it('has no link when the evaluation does not name its participation', () => {
    expect(notificationHref('abc123', { kind: 'evaluation', data: { target_kind: 'site' } })).toBeUndefined();
  });
});

describe('where "Consulter" of a notification leads', () => {
  it('a broadcast opens that broadcast by its id, above the diffusions list', () => {
    expect(notificationHref('s1', { kind: 'broadcast', data: { broadcast_id: 42 } })).toBe('/s1/web/diffusions?broadcast=42');
    expect(broadcastHref('s1', 7)).toBe('/s1/web/diffusions?broadcast=7');
    expect(notificationHref('s1', { kind: 'broadcast', data: {} })).toBe('/s1/web/diffusions');
  });

  it('a new request to talk opens the waiting list; an accepted one its conversation', () => {
    expect(notificationHref('s1', { kind: 'notification', data: { pending_chatroom_id: 9, type: 'support' } })).toBe('/s1/conversations/support');
    expect(notificationHref('s1', { kind: 'notification', data: { chatroom_id: 9, type: 'support' } })).toBe('/s1/conversations/support/9');
    expect(notificationHref('s1', { kind: 'notification', data: {} })).toBeUndefined();
  });

  it('a survey the platform’s team rejected or closed opens the survey’s page, where the reason shows', () => {
    expect(notificationHref('s1', { kind: 'notification', data: { survey_id: 12, survey_type: 'form', event: 'survey.moderation.reject' } })).toBe('/s1/business/view/surveys/form/12');
  });
});
