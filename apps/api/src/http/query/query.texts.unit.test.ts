import { translationProblems } from '@app/contracts/i18n/completeness';
import { describe, expect, it } from 'vitest';
import { badQuery, QUERY_TEXTS } from './query.texts';

describe('query-object errors, in every language', () => {
  it.each(['en', 'de', 'es', 'es-MX', 'zh-CN'] as const)('%s has every French text, same placeholders, translated', (locale) => {
    expect(translationProblems(QUERY_TEXTS.fr, QUERY_TEXTS[locale], locale, 'query')).toEqual([]);
  });

  it('keep the French text as the message and write the others on demand', () => {
    const error = badQuery('invalid_query', 'invalidItem', { value: '42', param: 'sort' });
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_query');
    expect(error.message).toBe('Élément invalide « 42 » dans « sort »');
    expect(error.inLocale?.('en')).toBe('Invalid item “42” in “sort”');
    expect(error.inLocale?.('zh-CN')).toBe('“sort”中的元素“42”无效');
  });
});
