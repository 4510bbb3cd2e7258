import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { displayAnswer } from './answer-display';
import { ANSWER_TEXTS, yesNoWord } from './answer.texts';

describe('answer words in the reader’s language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(ANSWER_TEXTS, 'answer');
  });

  it('writes yes/no and an unnamed file in the language asked, French by default or for an unknown one', () => {
    expect(displayAnswer({ type: 'yes_no' }, true, undefined, 'en')).toBe('Yes');
    expect(displayAnswer({ type: 'yes_no' }, false, undefined, 'de')).toBe('Nein');
    expect(displayAnswer({ type: 'yes_no' }, true)).toBe('Oui');
    expect(displayAnswer({ type: 'photo' }, 12, () => undefined, 'zh-CN')).toBe('文件 12');
    expect(displayAnswer({ type: 'photo' }, 12, () => 'comptoir.png', 'en')).toBe('comptoir.png');
    expect(yesNoWord(false, 'ja')).toBe('Non');
  });

  it('writes dates and numbers as the reader’s language does, every digit kept, French by default', () => {
    expect(displayAnswer({ type: 'date' }, '2026-03-05')).toBe('05/03/2026');
    expect(displayAnswer({ type: 'date' }, '2026-03-05', undefined, 'en')).toBe('03/05/2026');
    expect(displayAnswer({ type: 'date' }, '2026-03-05', undefined, 'de')).toBe('05.03.2026');
    expect(displayAnswer({ type: 'date' }, '2026-03-05', undefined, 'zh-CN')).toBe('2026/03/05');
    expect(displayAnswer({ type: 'date' }, 'pas une date', undefined, 'en')).toBe('pas une date');
    expect(displayAnswer({ type: 'number' }, 12345.678)).toBe('12345,678');
    expect(displayAnswer({ type: 'number' }, 12345.678, undefined, 'en')).toBe('12345.678');
    expect(displayAnswer({ type: 'number' }, -0.125, undefined, 'de')).toBe('-0,125');
    expect(displayAnswer({ type: 'number' }, 3, undefined, 'es-MX')).toBe('3');
  });
});
