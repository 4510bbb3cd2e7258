import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { translateDbError } from './db-errors';
import { DB_ERROR_TEXTS } from './db-errors.texts';
import type { AppError } from './errors';

describe('database refusals, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(DB_ERROR_TEXTS.fr, DB_ERROR_TEXTS[locale], locale, 'db errors')).toEqual([]);
  });

  it('a unique violation is a 409 whose message follows the language asked', () => {
    const error = translateDbError(Object.assign(new Error('duplicate key'), { code: '23505' })) as AppError;
    expect([error.status, error.code, error.message]).toEqual([409, 'duplicate', 'Un enregistrement avec ces valeurs existe déjà.']);
    expect(error.inLocale?.('de')).toBe('Ein Datensatz mit diesen Werten existiert bereits.');
  });
});
