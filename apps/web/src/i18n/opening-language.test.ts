import { describe, expect, it } from 'vitest';
import { isAppLanguage } from './languages';
import { openingLanguage } from './opening-language';

describe('the language an account opens in', () => {
  it('takes the one picked signed out, else the account’s, else the device’s', () => {
    expect(openingLanguage({ unsaved: 'en', account: 'de', device: 'es' }, isAppLanguage)).toBe('en');
    expect(openingLanguage({ unsaved: null, account: 'de', device: 'es' }, isAppLanguage)).toBe('de');
    expect(openingLanguage({ account: undefined, device: 'zh-CN' }, isAppLanguage)).toBe('zh-CN');
  });

  it('passes over what is not a language, and answers null when nothing is one', () => {
    expect(openingLanguage({ unsaved: 'klingon', account: 42, device: 'es-MX' }, isAppLanguage)).toBe('es-MX');
    expect(openingLanguage({ unsaved: '', account: null }, isAppLanguage)).toBeNull();
  });
});
