import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../test/complete-texts';
import { translateDbError } from './db-errors';
import { DB_ERROR_TEXTS } from './db-errors.texts';
import type { AppError } from './errors';

describe('database refusals, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(DB_ERROR_TEXTS, 'db errors');
  });

  it('a unique violation is a 409 whose message follows the language asked', () => {
    const error = translateDbError(Object.assign(new Error('duplicate key'), { code: '23505' })) as AppError;
    expect([error.status, error.code, error.message]).toEqual([409, 'duplicate', 'Un enregistrement avec ces valeurs existe déjà.']);
    expect(error.inLocale?.('de')).toBe('Ein Datensatz mit diesen Werten existiert bereits.');
  });
});
