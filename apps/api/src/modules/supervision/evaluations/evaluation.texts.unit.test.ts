import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { EVALUATION_TEXTS, evaluationSentence } from './evaluation.texts';

describe('the "a évalué" card, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(EVALUATION_TEXTS.fr, EVALUATION_TEXTS[locale], locale, 'evaluation')).toEqual([]);
  });

  it('names the evaluator, or an anonymous participant, and the target with its kind', () => {
    expect(evaluationSentence('fr', 'Awa Mballa', 'site', 'Agence Akwa')).toBe('Awa Mballa a évalué le site Agence Akwa');
    expect(evaluationSentence('de', null, 'group', 'Nord')).toBe('Ein anonymer Teilnehmer hat die Gruppe Nord bewertet');
  });
});
