import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from './complete-texts';

const complete = {
  fr: { hello: 'Bonjour {{name}}.' },
  en: { hello: 'Hello {{name}}.' },
  de: { hello: 'Hallo {{name}}.' },
  es: { hello: 'Hola {{name}}.' },
  'es-MX': { hello: 'Hola {{name}}.' },
  'zh-CN': { hello: '你好，{{name}}。' },
};

describe('expectCompleteTexts', () => {
  it('passes a table every language of which is translated', () => {
    expectCompleteTexts(complete);
  });

  it('fails naming every problem: a French copy, a lost placeholder, a missing text', () => {
    const broken = { ...complete, de: { hello: 'Bonjour {{name}}.' }, es: { hello: 'Hola.' }, 'zh-CN': {} };
    expect(() => expectCompleteTexts(broken, 'greeting')).toThrow(/greeting de hello: the French text copied[\s\S]*greeting es hello: placeholders[\s\S]*greeting zh-CN hello: missing/);
  });
});
