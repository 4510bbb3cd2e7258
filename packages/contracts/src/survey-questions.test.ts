import { describe, expect, it } from 'vitest';
import {
  checkMediaFile,
  isAnswerEmpty,
  normalizeAnswer,
  parseQuestionSettings,
  QUESTION_SETTINGS_SCHEMAS,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  REQUIRED_ANSWER_MESSAGE,
  type QuestionType,
  readQuestionSettings,
  scoreAnswer,
  validateAnswer,
} from './survey-questions';

const choices = [
  { id: 1, score: 0 },
  { id: 2, score: 5 },
  { id: 3, score: 10 },
];

describe('question catalogue', () => {
  it('has a French label and a settings schema per type', () => {
    expect(QUESTION_TYPES).toHaveLength(19);
    for (const type of QUESTION_TYPES) {
      expect(QUESTION_TYPE_LABELS[type]).toMatch(/\S/);
      expect(QUESTION_SETTINGS_SCHEMAS[type]).toBeDefined();
    }
  });

  it('applies defaults and rejects inconsistent settings', () => {
    expect(parseQuestionSettings('rating', {})).toMatchObject({ max: 5 });
    expect(parseQuestionSettings('scale', {})).toMatchObject({ min: 0, max: 10, nps: true });
    expect(parseQuestionSettings('photo', {}).allowed_types).toContain('image/jpeg');
    expect(() => parseQuestionSettings('number', { min: 10, max: 1 })).toThrow();
    expect(() => parseQuestionSettings('matrix', { rows: [], columns: [] })).toThrow();
    expect(() => parseQuestionSettings('matrix', { rows: [{ id: 'a', label: 'A' }, { id: 'a', label: 'B' }], columns: [{ id: 'x', label: 'X' }] })).toThrow();
  });

  it('reads unreadable stored settings as defaults', () => {
    expect(readQuestionSettings('short_text', { max_length: 'lots' })).toMatchObject({ max_length: 255 });
    expect(readQuestionSettings('scale', null)).toEqual({ min: 0, max: 10, nps: true });
    expect(readQuestionSettings('photo', { allowed_types: [1], max_size_mb: Number.NaN }).max_size_mb).toBe(10);
  });

  it('reads, without zod, what the schemas parse: the same defaults and the same valid settings', () => {
    for (const type of QUESTION_TYPES) {
      if (type === 'matrix') continue; // no valid default: rows and columns are mandatory
      expect(readQuestionSettings(type, {}), type).toEqual(parseQuestionSettings(type, {}));
    }
    const valid: Array<[QuestionType, Record<string, unknown>]> = [
      ['short_text', { min_length: 2, max_length: 40, placeholder: 'Nom' }],
      ['number', { min: 1, max: 9, integer: true, unit: 'kg' }],
      ['phone', { mobile_only: true }],
      ['date', { min: '2026-01-01', max: '2026-12-31' }],
      ['multiple_choice', { min_choices: 1, max_choices: 2 }],
      ['scale', { min: 1, max: 5, min_label: 'Mal', max_label: 'Bien', nps: false }],
      ['matrix', { rows: [{ id: 'r', label: 'R' }], columns: [{ id: 'c', label: 'C' }], multiple: true }],
      ['file', { allowed_types: ['application/pdf'], max_size_mb: 5 }],
      ['geolocation', { max_accuracy_m: 50 }],
    ];
    for (const [type, settings] of valid) expect(readQuestionSettings(type, settings), type).toEqual(parseQuestionSettings(type, settings));
  });
});

describe('validateAnswer and normalizeAnswer', () => {
  it('enforces required only when asked', () => {
    const q = { type: 'short_text', required: true };
    expect(validateAnswer(q, '  ')).toBe(REQUIRED_ANSWER_MESSAGE);
    expect(validateAnswer(q, null, { enforceRequired: false })).toBeNull();
    expect(validateAnswer({ type: 'short_text' }, undefined)).toBeNull();
  });

  it('checks text lengths and trims', () => {
    const q = { type: 'short_text', settings: { min_length: 3, max_length: 5 } };
    expect(validateAnswer(q, 'ab')).toBe('Saisissez au moins 3 caractères.');
    expect(validateAnswer(q, 'abcdef')).toBe('Saisissez au plus 5 caractères.');
    expect(normalizeAnswer(q, '  abc ')).toBe('abc');
  });

  it('reads numbers written the French way and checks bounds', () => {
    const q = { type: 'number', settings: { min: 0, max: 10 } };
    expect(normalizeAnswer(q, '3,5')).toBe(3.5);
    expect(validateAnswer(q, 'douze')).toBe('Saisissez un nombre.');
    expect(validateAnswer(q, 11)).toBe('La valeur doit être inférieure ou égale à 10.');
    expect(validateAnswer({ type: 'number', settings: { integer: true } }, 2.5)).toBe('Saisissez un nombre entier.');
  });

  it('checks e-mails, phones, dates and times', () => {
    expect(normalizeAnswer({ type: 'email' }, ' Awa@Example.CM ')).toBe('awa@example.cm');
    expect(validateAnswer({ type: 'email' }, 'awa@')).toBe('Saisissez une adresse e-mail valide.');
    expect(normalizeAnswer({ type: 'phone' }, '+237 690 00 00 00')).toBe('690000000');
    expect(validateAnswer({ type: 'phone', settings: { mobile_only: true } }, '222 22 22 22')).toMatch(/mobile/);
    expect(normalizeAnswer({ type: 'phone' }, '+33 1 23 45 67 89')).toBe('+33123456789');
    expect(validateAnswer({ type: 'date' }, '2024-02-30')).toMatch(/date valide/);
    expect(validateAnswer({ type: 'date', settings: { min: '2024-01-01' } }, '2023-12-31')).toBe('La date doit être le 01/01/2024 ou après.');
    expect(normalizeAnswer({ type: 'time' }, '08:30:15')).toBe('08:30');
    expect(validateAnswer({ type: 'time' }, '24:00')).toMatch(/heure valide/);
  });

  it('checks choices against the question', () => {
    expect(normalizeAnswer({ type: 'single_choice', choices }, '2')).toBe(2);
    expect(validateAnswer({ type: 'dropdown', choices }, 9)).toBe('Choisissez une option de la liste.');
    const multi = { type: 'multiple_choice', choices, settings: { min_choices: 1, max_choices: 2 } };
    expect(normalizeAnswer(multi, [3, 1, 3])).toEqual([1, 3]);
    expect(validateAnswer(multi, [1, 2, 3])).toBe('Choisissez au plus 2 options.');
    expect(validateAnswer(multi, [4])).toBe('Choisissez des options de la liste.');
    expect(normalizeAnswer({ type: 'ranking', choices }, [3, 1, 2])).toEqual([3, 1, 2]);
    expect(validateAnswer({ type: 'ranking', choices }, [3, 1])).toBe('Classez toutes les options de la liste.');
  });

  it('reads yes/no, ratings and scales', () => {
    expect(normalizeAnswer({ type: 'yes_no' }, 'oui')).toBe(true);
    expect(normalizeAnswer({ type: 'yes_no' }, false)).toBe(false);
    expect(isAnswerEmpty(false)).toBe(false);
    expect(validateAnswer({ type: 'yes_no' }, 'peut-être')).toBe('Répondez par oui ou par non.');
    expect(validateAnswer({ type: 'rating' }, 6)).toBe('Choisissez une note entre 1 et 5.');
    expect(validateAnswer({ type: 'scale' }, 0)).toBeNull();
    expect(validateAnswer({ type: 'scale' }, 10.5)).toBe('Choisissez une valeur entre 0 et 10.');
  });

  it('checks matrix cells and completeness when required', () => {
    const settings = {
      rows: [{ id: 'accueil', label: 'Accueil' }, { id: 'prix', label: 'Prix' }],
      columns: [{ id: 'bon', label: 'Bon' }, { id: 'mauvais', label: 'Mauvais' }],
    };
    const q = { type: 'matrix', required: true, settings };
    expect(validateAnswer(q, { accueil: 'bon' })).toBe('Répondez pour chaque ligne.');
    expect(validateAnswer(q, { accueil: 'bon' }, { enforceRequired: false })).toBeNull();
    expect(validateAnswer(q, { accueil: 'bon', prix: 'cher' })).toMatch(/colonne/);
    expect(validateAnswer(q, { accueil: ['bon', 'mauvais'], prix: 'bon' })).toBe('Une seule colonne par ligne.');
    expect(normalizeAnswer({ type: 'matrix', settings: { ...settings, multiple: true } }, { prix: ['mauvais', 'bon'] })).toEqual({ prix: ['bon', 'mauvais'] });
  });

  it('reads media ids and geolocation points', () => {
    expect(normalizeAnswer({ type: 'photo' }, { id: 12 })).toBe(12);
    expect(validateAnswer({ type: 'file' }, 'abc')).toBe('Joignez un fichier.');
    expect(normalizeAnswer({ type: 'geolocation' }, { latitude: 3.86, longitude: 11.52 })).toEqual({ latitude: 3.86, longitude: 11.52, accuracy: null });
    expect(validateAnswer({ type: 'geolocation' }, { latitude: 95, longitude: 0 })).toBe('Position invalide.');
    expect(validateAnswer({ type: 'geolocation', settings: { max_accuracy_m: 50 } }, { latitude: 1, longitude: 1, accuracy: 120 })).toMatch(/imprécise/);
  });

  it('rejects unknown types', () => {
    expect(validateAnswer({ type: 'hologram' }, 'x')).toBe('Type de question inconnu.');
  });
});

describe('scoreAnswer', () => {
  it('sums choice scores, yes/no scores and ratings', () => {
    expect(scoreAnswer({ type: 'single_choice', choices }, 3)).toBe(10);
    expect(scoreAnswer({ type: 'multiple_choice', choices }, [2, 3])).toBe(15);
    expect(scoreAnswer({ type: 'multiple_choice', choices: [{ id: 1 }] }, [1])).toBeNull();
    expect(scoreAnswer({ type: 'yes_no', settings: { yes_score: 2, no_score: 0 } }, true)).toBe(2);
    expect(scoreAnswer({ type: 'rating' }, 4)).toBe(4);
    expect(scoreAnswer({ type: 'short_text' }, 'x')).toBeNull();
  });
});

describe('checkMediaFile', () => {
  it('checks size (413) then type (422)', () => {
    const q = { type: 'photo', settings: { max_size_mb: 1 } };
    expect(checkMediaFile(q, { mime: 'image/png', size: 2 * 1024 * 1024 })?.status).toBe(413);
    expect(checkMediaFile(q, { mime: 'application/pdf', size: 10 })?.status).toBe(422);
    expect(checkMediaFile(q, { mime: 'image/png', size: 10 })).toBeNull();
    expect(checkMediaFile({ type: 'file', settings: { allowed_types: ['image/*'] } }, { mime: 'image/webp', size: 1 })).toBeNull();
    expect(checkMediaFile({ type: 'short_text' }, { mime: 'image/png', size: 1 })?.status).toBe(422);
  });
});
