import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, readLanguagePreference } from '../i18n/language-preference';
import { answerLanguage, chooseLanguage, matchLanguage, setAnswerLanguage } from './answer-language';
import { questionError } from './answer-state';
import { de } from './locales/de';
import { en } from './locales/en';
import { es } from './locales/es';
import { esMX } from './locales/es-mx';
import { zhCN } from './locales/zh-cn';
import { fr, M, type PageMessages } from './messages';

afterEach(async () => {
  await setAnswerLanguage('fr', document);
});

/** Every message as text: functions are called with sample arguments. */
function texts(table: PageMessages): Record<string, string> {
  return Object.fromEntries(
    Object.entries(table)
      .filter(([key]) => key !== 'validation')
      .map(([key, value]) => [key, typeof value === 'function' ? (value as (...a: unknown[]) => string)(2, 5, 'x') : String(value)]),
  );
}

describe('choosing the answering page’s language', () => {
  it('takes the link’s lang first, then the device’s choice, then the browser’s, then French', () => {
    const browser = ['sw-KE', 'en-GB', 'fr'];
    expect(chooseLanguage({ search: '?ref=x&lang=de', stored: 'es', preferred: browser })).toBe('de');
    expect(chooseLanguage({ search: '?ref=x', stored: 'es', preferred: browser })).toBe('es');
    expect(chooseLanguage({ search: '?lang=klingon', stored: null, preferred: browser })).toBe('en');
    expect(chooseLanguage({ search: '', stored: 'xx', preferred: ['sw', 'ar'] })).toBe('fr');
    expect(chooseLanguage({ search: '', stored: null, preferred: [] })).toBe('fr');
  });

  it('matches tags to the six languages, regional Spanish and Chinese included', () => {
    expect(matchLanguage('es-MX')).toBe('es-MX');
    expect(matchLanguage('es-mx')).toBe('es-MX');
    expect(matchLanguage('es-AR')).toBe('es');
    expect(matchLanguage('zh-Hans-CN')).toBe('zh-CN');
    expect(matchLanguage('EN_cm')).toBe('en');
    expect(matchLanguage('fr-CM')).toBe('fr');
    expect(matchLanguage('pt-BR')).toBeNull();
    expect(matchLanguage('')).toBeNull();
  });

  it('reads only a known language from the device', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'zh-CN');
    expect(readLanguagePreference(localStorage)).toBe('zh-CN');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon');
    expect(readLanguagePreference(localStorage)).toBeNull();
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  });
});

describe('the page’s words', () => {
  it('switch to a loaded language, validation messages and <html lang> included, and back', async () => {
    const q = { id: 1, step_id: 1, label: 'Âge', type: 'number', required: true, settings: { max: 120 }, choices: [] };
    await setAnswerLanguage('en', document);
    expect(answerLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(M.next).toBe('Next');
    expect(questionError(q, '')).toBe('This question is required.');
    expect(questionError(q, 130)).toBe('The value must be less than or equal to 120.');
    await setAnswerLanguage('zh-CN', document);
    expect(questionError(q, 'douze')).toBe('请输入数字。');
    await setAnswerLanguage('fr', document);
    expect(document.documentElement.lang).toBe('fr');
    expect(M.next).toBe('Suivant');
    expect(questionError(q, '')).toBe('Cette question est obligatoire.');
  });

  it('let the last of two quick switches win', async () => {
    const first = setAnswerLanguage('de');
    const second = setAnswerLanguage('es');
    await Promise.all([first, second]);
    expect(answerLanguage()).toBe('es');
    expect(M.next).toBe('Siguiente');
  });

  it.each([
    ['en', en],
    ['de', de],
    ['es', es],
    ['es-MX', esMX],
    ['zh-CN', zhCN],
  ] as const)('%s has every message, translated (not a copy of French or English)', (lang, table) => {
    const source = texts(fr);
    const own = texts(table);
    expect(Object.keys(table).sort()).toEqual(Object.keys(fr).sort());
    const sameAsFrench = Object.keys(source).filter((k) => own[k] === source[k]);
    expect(sameAsFrench, `${lang} copies French`).toEqual([]);
    if (lang !== 'en') {
      const english = texts(en);
      const sameAsEnglish = Object.keys(source).filter((k) => own[k] === english[k]);
      // A few words are the same in both languages (Name, No, Offline...), no more.
      expect(sameAsEnglish.length, `${lang} copies English: ${sameAsEnglish.join(', ')}`).toBeLessThanOrEqual(4);
    }
  });
});
