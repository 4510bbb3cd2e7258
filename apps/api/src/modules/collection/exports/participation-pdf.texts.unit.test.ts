import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { PARTICIPATION_PDF_TEXTS, participationPdfText } from './participation-pdf.texts';

describe('the participation PDF’s words, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(PARTICIPATION_PDF_TEXTS, 'participation-pdf');
  });

  it('fills the placeholders in the reader’s language, French for an unknown one', () => {
    expect(participationPdfText('zh-CN', 'footer', { generated: 'x', page: 2, count: 3 })).toBe('x — 第 2 页，共 3 页');
    expect(participationPdfText('ja', 'heading', { number: 7 })).toBe('Participation n° 7');
  });
});
