import { type Locale, SUPPORTED_LOCALES } from '@app/contracts';
import { translationProblems } from '@app/contracts/i18n/completeness';
import { expect } from 'vitest';

/**
 * The completeness check of a texts table (`*.texts.ts`): every language has each French
 * text, with the same placeholders, and translated (`translationProblems`). One assertion
 * over all the languages, so a failure lists every missing or copied text at once.
 */
export function expectCompleteTexts(table: Record<Locale, object>, where = 'texts'): void {
  const problems = SUPPORTED_LOCALES.filter((locale) => locale !== 'fr').flatMap((locale) => translationProblems(table.fr, table[locale], locale, where));
  expect(problems, `incomplete texts:\n${problems.join('\n')}`).toEqual([]);
}
