import { statusMessage } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { AppError, localizedError, messageOf } from './errors';

describe('messageOf: an error’s message in a language (HTTP envelope and socket auth:error)', () => {
  it('writes an error raised without the language in the one asked', () => {
    const error = localizedError(422, 'invalid_value', (locale) => (locale === 'zh-CN' ? '值无效。' : 'Valeur invalide.'));
    expect(messageOf(error, 'zh-CN')).toBe('值无效。');
    expect(messageOf(error, 'fr')).toBe('Valeur invalide.');
  });

  it('keeps a message already written in the caller’s language, else says the status', () => {
    expect(messageOf(new AppError(409, 'already_owner', 'This member is already the owner.'), 'en')).toBe('This member is already the owner.');
    expect(messageOf(new AppError(498, 'token_expired'), 'de')).toBe(statusMessage(498, 'de'));
  });
});
