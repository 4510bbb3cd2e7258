import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../test/complete-texts';
import { ADMINISTRATION_TEXTS, administrationText } from './administration.texts';

describe('back-office refusals, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(ADMINISTRATION_TEXTS, 'administration');
  });

  it('answers in the caller’s language, French for an unknown one', () => {
    expect(administrationText('zh-CN', 'alreadyOwner')).toBe('该成员已是所有者。');
    expect(administrationText('ja', 'alreadyOwner')).toBe('Ce membre est déjà le propriétaire.');
  });
});
