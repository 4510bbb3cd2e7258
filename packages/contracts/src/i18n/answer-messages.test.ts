import { describe, expect, it } from 'vitest';
import { checkMediaFile } from '../media-file-rules';
import { REQUIRED_ANSWER_MESSAGE, validateAnswer } from '../survey-answers';
import { type AnswerMessages, FR_ANSWER_MESSAGES } from './answer-messages';
import { DE_ANSWER_MESSAGES } from './answer-messages-de';
import { EN_ANSWER_MESSAGES } from './answer-messages-en';
import { ES_ANSWER_MESSAGES } from './answer-messages-es';
import { ES_MX_ANSWER_MESSAGES } from './answer-messages-es-mx';
import { ZH_CN_ANSWER_MESSAGES } from './answer-messages-zh-cn';

const TABLES: Record<string, AnswerMessages> = {
  fr: FR_ANSWER_MESSAGES,
  en: EN_ANSWER_MESSAGES,
  de: DE_ANSWER_MESSAGES,
  es: ES_ANSWER_MESSAGES,
  'es-MX': ES_MX_ANSWER_MESSAGES,
  'zh-CN': ZH_CN_ANSWER_MESSAGES,
};

/** Sample arguments: a date, a time, else numbers. */
const argsOf = (key: string) => (key.startsWith('date') ? ['2024-01-31'] : key.startsWith('time') ? ['08:30'] : [3, 7]);

/** Every message of a table as text, functions called with sample values. */
function texts(m: AnswerMessages): Record<string, string> {
  return Object.fromEntries(
    Object.entries(m).map(([key, value]) => [key, typeof value === 'function' ? (value as (...a: unknown[]) => string)(...argsOf(key)) : value]),
  );
}

describe('answer messages in the six languages', () => {
  it('every table has every message, none empty, each really translated', () => {
    const keys = Object.keys(FR_ANSWER_MESSAGES).sort();
    const fr = texts(FR_ANSWER_MESSAGES);
    for (const [locale, table] of Object.entries(TABLES)) {
      expect(Object.keys(table).sort(), locale).toEqual(keys);
      const own = texts(table);
      for (const key of keys) {
        expect(own[key].trim().length, `${locale}: ${key}`).toBeGreaterThan(0);
        if (locale !== 'fr') expect(own[key], `${locale}: ${key} is the French text`).not.toBe(fr[key]);
      }
    }
  });

  it('validateAnswer and checkMediaFile speak French by default (the server) and the given language otherwise', () => {
    const q = { type: 'short_text', required: true, settings: { min_length: 3, max_length: 5 } };
    expect(validateAnswer(q, '')).toBe(REQUIRED_ANSWER_MESSAGE);
    expect(validateAnswer(q, '', { messages: EN_ANSWER_MESSAGES })).toBe('This question is required.');
    expect(validateAnswer(q, 'ab', { messages: EN_ANSWER_MESSAGES })).toBe('Enter at least 3 characters.');
    expect(validateAnswer({ type: 'date', settings: { min: '2024-01-31' } }, '2023-12-31', { messages: DE_ANSWER_MESSAGES })).toBe(
      'Das Datum muss am 31.01.2024 oder danach liegen.',
    );
    expect(validateAnswer({ type: 'rating', settings: { max: 5 } }, 9, { messages: ZH_CN_ANSWER_MESSAGES })).toBe('请选择 1 到 5 之间的评分。');
    const multi = { type: 'multiple_choice', settings: { max_choices: 1 }, choices: [{ id: 1 }, { id: 2 }] };
    expect(validateAnswer(multi, [1, 2], { messages: ES_ANSWER_MESSAGES })).toBe('Elija como máximo 1 opción.');
    expect(validateAnswer(multi, [1, 2], { messages: ES_MX_ANSWER_MESSAGES })).toBe('Elige como máximo 1 opción.');
    const photo = { type: 'photo', settings: { max_size_mb: 1 } };
    expect(checkMediaFile(photo, { mime: 'image/png', size: 2 * 1024 * 1024 })?.message).toBe('Le fichier dépasse la taille maximale de 1 Mo.');
    expect(checkMediaFile(photo, { mime: 'image/png', size: 2 * 1024 * 1024 }, EN_ANSWER_MESSAGES)?.message).toBe('The file is larger than the 1 MB limit.');
  });
});
