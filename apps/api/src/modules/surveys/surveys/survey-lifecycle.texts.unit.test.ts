import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { SURVEY_LIFECYCLE_TEXTS, transitionRefusal } from './survey-lifecycle.texts';

describe('a survey’s lifecycle texts, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(SURVEY_LIFECYCLE_TEXTS, 'survey lifecycle');
  });

  it('explains a refused transition with the status it found', () => {
    expect(transitionRefusal('fr', 'submit', 'published')).toBe(
      "Impossible de soumettre ce formulaire : il est publié. Seul un formulaire brouillon ou rejeté peut l'être.",
    );
    expect(transitionRefusal('fr', 'publish', 'closed')).toContain('Seul un formulaire brouillon, rejeté ou soumis peut');
    expect(transitionRefusal('de', 'close', 'draft')).toBe(
      'Dieses Formular kann nicht abgeschlossen werden: Es ist ein Entwurf. Nur ein veröffentlichtes Formular kann es werden.',
    );
  });
});
