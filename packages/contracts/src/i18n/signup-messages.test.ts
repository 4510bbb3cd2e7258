import { describe, expect, it } from 'vitest';
import { registerBody } from '../auth';
import { SUPPORTED_LOCALES } from '../constants';
import { SIGNUP_MESSAGE_KEYS, SIGNUP_MESSAGES, translateSignupMessage } from './signup-messages';

describe('sign-up messages', () => {
  it('exist in the six languages, every key translated and non-empty', () => {
    for (const locale of SUPPORTED_LOCALES) {
      const table = SIGNUP_MESSAGES[locale];
      expect(Object.keys(table).sort(), locale).toEqual([...SIGNUP_MESSAGE_KEYS].sort());
      for (const key of SIGNUP_MESSAGE_KEYS) expect(table[key].trim().length, `${locale}: ${key}`).toBeGreaterThan(0);
    }
    // Distinct languages, not copies of one another.
    const samples = SUPPORTED_LOCALES.map((l) => SIGNUP_MESSAGES[l]['The password does not match']);
    expect(new Set(samples).size).toBeGreaterThanOrEqual(5);
  });

  it('are the messages the sign-up schema writes', () => {
    const result = registerBody.safeParse({ name: '', email: '', password: '', password_confirmation: '' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    for (const m of messages) expect(SIGNUP_MESSAGE_KEYS as readonly string[]).toContain(m);
    const mismatch = registerBody.safeParse({ name: 'A', email: 'a@b.cm', password: '12345678', password_confirmation: 'x' });
    expect(mismatch.error!.issues[0].message).toBe('The password does not match');
  });

  it('translate by locale, French by default, and leave other texts alone', () => {
    expect(translateSignupMessage('Please, confirm your password')).toBe('Veuillez confirmer votre mot de passe');
    expect(translateSignupMessage('Please, confirm your password', 'es')).toBe('Confirme su contraseña');
    expect(translateSignupMessage('Please, confirm your password', 'xx')).toBe('Veuillez confirmer votre mot de passe');
    expect(translateSignupMessage('Autre message', 'en')).toBe('Autre message');
  });
});
