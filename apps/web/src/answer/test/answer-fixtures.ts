import type { AnswerDefinition } from '../answer-types';

/**
 * A three-step survey like the demo one: a yes/no that shows a follow-up question, a
 * required rating, a photo and a geolocation on the last step.
 */
export function demoDefinition(overrides: Partial<AnswerDefinition['survey']['settings']> = {}): AnswerDefinition {
  return {
    survey: { id: 7, code: 'SATDEMO', title: 'Satisfaction client – Démo SARL', description: 'Trois minutes pour nous aider.', type: 'form', settings: { ...overrides } },
    company: { id: 1, name: 'Démo SARL' },
    steps: [
      {
        id: 10,
        title: 'Votre visite',
        questions: [
          { id: 101, step_id: 10, label: 'Avez-vous été bien accueilli ?', type: 'yes_no', required: true, settings: {}, choices: [] },
          {
            id: 102,
            step_id: 10,
            label: 'Qu’est-ce qui n’allait pas ?',
            type: 'long_text',
            required: true,
            settings: {},
            condition: { all: [{ question_id: 101, operator: 'eq', value: false }] },
            choices: [],
          },
          { id: 103, step_id: 10, label: 'Votre téléphone', type: 'phone', required: false, settings: {}, choices: [] },
        ],
      },
      {
        id: 20,
        title: 'Votre avis',
        questions: [
          { id: 201, step_id: 20, label: 'Note globale', type: 'rating', required: true, settings: { max: 5 }, choices: [] },
          {
            id: 202,
            step_id: 20,
            label: 'Services utilisés',
            type: 'multiple_choice',
            required: false,
            settings: {},
            choices: [
              { id: 1, label: 'Caisse' },
              { id: 2, label: 'Livraison' },
            ],
          },
        ],
      },
      {
        id: 30,
        title: 'Preuves',
        questions: [
          { id: 301, step_id: 30, label: 'Photo du magasin', type: 'photo', required: true, settings: {}, choices: [] },
          { id: 302, step_id: 30, label: 'Position', type: 'geolocation', required: false, settings: {}, choices: [] },
        ],
      },
    ],
  };
}
