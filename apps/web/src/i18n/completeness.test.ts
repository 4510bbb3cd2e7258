import { translationProblems } from '@app/contracts/i18n/completeness';
import { beforeAll, describe, expect, it } from 'vitest';
import { de as answerDe } from '../answer/locales/de';
import { en as answerEn } from '../answer/locales/en';
import { es as answerEs } from '../answer/locales/es';
import { esMX as answerEsMX } from '../answer/locales/es-mx';
import { zhCN as answerZhCN } from '../answer/locales/zh-cn';
import { fr as answerFr } from '../answer/messages';
import { FRENCH_WORDS, loadWords } from '../auth/auth-words';
import { i18n, initI18n, loadLanguage } from './i18n';
import { APP_LANGUAGES, type AppLanguage } from './languages';
import { definedTextNamespaces } from './text-namespace';

/**
 * The build fails on a missing translation: every French text of the app (the bundles
 * loaded with the language and every feature's namespace) and of the public answering
 * page exists in the five other languages, with the same placeholders and plural forms,
 * and is not the French text copied.
 */

// Every feature's texts module, so a namespace added later is checked without listing it here.
import.meta.glob(['../features/**/*-i18n.ts', '../features/**/legal-bundle.ts'], { eager: true });

const others = APP_LANGUAGES.filter((lng): lng is Exclude<AppLanguage, 'fr'> => lng !== 'fr');

beforeAll(async () => {
  await initI18n();
  await Promise.all(others.map((lng) => loadLanguage(lng)));
});

describe('every text in every language', () => {
  it('finds the feature namespaces', () => {
    expect([...definedTextNamespaces().keys()]).toEqual(expect.arrayContaining(['surveys', 'company', 'commerce', 'structure', 'workday']));
  });

  it.each(others)('%s: the bundles loaded with the language (common, session, kit, nav, messaging…)', (lng) => {
    const frData = i18n.store.data.fr ?? {};
    const problems = Object.entries(frData)
      .filter(([ns]) => !definedTextNamespaces().has(ns))
      .flatMap(([ns, messages]) => translationProblems(messages as object, i18n.store.data[lng]?.[ns] as object | undefined, lng, ns));
    expect(problems, `\n${problems.join("\n")}\n`).toEqual([]);
  });

  it.each(others)('%s: every feature namespace', async (lng) => {
    const problems: string[] = [];
    for (const [ns, { fr, textsOf }] of definedTextNamespaces()) {
      problems.push(...translationProblems(fr, await textsOf(lng), lng, ns));
    }
    expect(problems, `\n${problems.join("\n")}\n`).toEqual([]);
  });

  it.each([
    ['en', answerEn],
    ['de', answerDe],
    ['es', answerEs],
    ['es-MX', answerEsMX],
    ['zh-CN', answerZhCN],
  ] as const)('%s: the public answering page', (lng, texts) => {
    expect(translationProblems(answerFr, texts, lng, 'answer')).toEqual([]);
  });

  it.each(others)('%s: the light sign-in and sign-up page (auth-words.ts, the words it loads itself)', async (lng) => {
    expect(translationProblems(FRENCH_WORDS, await loadWords(lng), lng, 'auth-entry')).toEqual([]);
  });
});
