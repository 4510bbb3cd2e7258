import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { AUTH_TEXTS, authText, composeMessage } from './auth.texts';

describe('sign-in messages, e-mails and SMS in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(AUTH_TEXTS, 'auth');
  });

  it('answers in the recipient language, French for an unknown one', () => {
    expect(composeMessage('password_reset', 'de', '123456').body).toContain('123456');
    expect(composeMessage('password_reset', 'de', '123456').subject).toBe('Passwort zurücksetzen');
    expect(composeMessage('account_validation', 'zh-CN', '654321').body).toBe('您的账户验证码是 654321，10 分钟后失效。');
    expect(authText('es-MX', 'invalidCode')).toBe('Código no válido o caducado.');
    expect(authText('ja', 'invalidCode')).toBe('Code invalide ou expiré.');
  });
});
