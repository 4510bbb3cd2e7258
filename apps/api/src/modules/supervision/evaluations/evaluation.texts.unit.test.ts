import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { EVALUATION_TEXTS, evaluationSentence } from './evaluation.texts';

describe('the "a évalué" card, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(EVALUATION_TEXTS, 'evaluation');
  });

  it('names the evaluator, or an anonymous participant, and the target with its kind', () => {
    expect(evaluationSentence('fr', 'Awa Mballa', 'site', 'Agence Akwa')).toBe('Awa Mballa a évalué le site Agence Akwa');
    expect(evaluationSentence('de', null, 'group', 'Nord')).toBe('Ein anonymer Teilnehmer hat die Gruppe Nord bewertet');
  });
});
