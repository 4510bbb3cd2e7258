import { registerBody } from '@app/contracts/auth';
import { translateSignupMessage } from '@app/contracts/i18n/signup-messages';
import { describe, expect, it } from 'vitest';
import type { RegisterInput } from './auth.api';
import { validateSignup } from './signup-form.schema';

const GOOD: RegisterInput = { name: 'Awa Ndiaye', email: 'awa@exemple.cm', password: 'MonSecret2026', password_confirmation: 'MonSecret2026', promotional_offers: false };

/** The server's first message per field, in English. */
function serverMessages(values: RegisterInput): Record<string, string> {
  const result = registerBody.safeParse(values);
  const out: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) out[String(issue.path[0])] ??= translateSignupMessage(issue.message, 'en');
  return out;
}

describe('the sign-up form check', () => {
  const cases: Array<[string, Partial<RegisterInput>]> = [
    ['all good', {}],
    ['all empty', { name: ' ', email: '', password: '', password_confirmation: '' }],
    ['a bad e-mail', { email: 'awa@exemple' }],
    ['an e-mail with spaces around', { email: '  awa@exemple.cm ' }],
    ['a short password', { password: 'court', password_confirmation: 'court' }],
    ['a confirmation that differs', { password_confirmation: 'autre-chose' }],
  ];
  it.each(cases)('says what the server says (registerBody) for %s', (_name, change) => {
    const values = { ...GOOD, ...change };
    expect(validateSignup(values, 'en')).toEqual(serverMessages(values));
  });

  it('gives the messages in the page language', () => {
    const errors = validateSignup({ ...GOOD, name: '' }, 'de');
    expect(errors.name).toBe(translateSignupMessage('Your name first name is required', 'de'));
    expect(errors.name).not.toBe('Your name first name is required');
  });
});
