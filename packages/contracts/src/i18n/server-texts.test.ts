import { describe, expect, it } from 'vitest';
import { STATUS_MESSAGES, statusMessage } from '../status-messages';
import { translationProblems } from './completeness';
import { SIGNUP_MESSAGES } from './signup-messages';

/** The server's own words (status messages, sign-up rules) in every language: a missing one fails the build. */
describe('server texts in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s: status messages', (locale) => {
    expect(translationProblems(STATUS_MESSAGES.fr, STATUS_MESSAGES[locale], locale, 'status')).toEqual([]);
  });

  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s: sign-up messages', (locale) => {
    expect(translationProblems(SIGNUP_MESSAGES.fr, SIGNUP_MESSAGES[locale], locale, 'signup')).toEqual([]);
  });

  it('answers in the request language', () => {
    expect(statusMessage(404, 'de-DE')).toBe('Die gesuchte Ressource existiert nicht oder wurde gelöscht.');
    expect(statusMessage(403, 'zh')).toBe('您无权执行此操作。');
  });
});
