import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../test/complete-texts';
import { badQuery, QUERY_TEXTS } from './query.texts';

describe('query-object errors, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(QUERY_TEXTS, 'query');
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
