import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { bulkRunName, REVIEW_TEXTS, reviewText } from './review.texts';

describe('review states and their refusals, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(REVIEW_TEXTS, 'review');
  });

  it('names a bulk run singular or plural as the language says', () => {
    expect(bulkRunName('fr', 'validate', 45)).toBe('45 participations validées');
    expect(bulkRunName('fr', 'check', 1)).toBe('1 participation contrôlée');
    expect(bulkRunName('en', 'uncheck', 2)).toBe('2 participations back to checking');
    expect(bulkRunName('zh-CN', 'validate', 1)).toBe('1 条参与已验证');
    expect(reviewText('ja', 'submitted')).toBe('envoyée');
  });
});
