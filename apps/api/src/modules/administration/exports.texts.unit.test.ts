import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../test/complete-texts';
import { ADMIN_EXPORT_TEXTS, adminExportText } from './exports.texts';

describe('the back-office exports’ words, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(ADMIN_EXPORT_TEXTS, 'admin exports');
  });

  it('names the columns in the reader’s language, French for an unknown one', () => {
    expect(adminExportText('es-MX', 'objectNumber')).toBe('Núm. de objeto');
    expect(adminExportText('ja', 'createdAt')).toBe('Créée le');
  });
});
