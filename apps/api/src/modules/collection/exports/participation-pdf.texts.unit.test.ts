import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { PARTICIPATION_PDF_TEXTS, participationPdfText } from './participation-pdf.texts';

describe('the participation PDF’s words, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(PARTICIPATION_PDF_TEXTS.fr, PARTICIPATION_PDF_TEXTS[locale], locale, 'participation-pdf')).toEqual([]);
  });

  it('fills the placeholders in the reader’s language, French for an unknown one', () => {
    expect(participationPdfText('zh-CN', 'footer', { generated: 'x', page: 2, count: 3 })).toBe('x — 第 2 页，共 3 页');
    expect(participationPdfText('ja', 'heading', { number: 7 })).toBe('Participation n° 7');
  });
});
