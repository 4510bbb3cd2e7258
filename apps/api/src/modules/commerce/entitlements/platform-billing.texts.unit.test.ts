import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { PLATFORM_BILLING_TEXTS, platformBillingText } from './platform-billing.texts';

describe('what the platform writes on its invoices, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(PLATFORM_BILLING_TEXTS, 'platform billing');
  });

  it('fills the catalogue’s names and the period, French for an unknown language', () => {
    expect(platformBillingText('de', 'packageFee', { name: 'Pro', from: '2026-01-01', to: '2026-02-01' })).toBe('Paket Pro vom 2026-01-01 bis 2026-02-01');
    expect(platformBillingText('ja', 'overageLine', { feature: 'Enquêtes', used: 5, allowed: 2 })).toBe('Dépassement Enquêtes (5 pour 2 inclus)');
    expect(platformBillingText('zh-CN', 'overageLine', { feature: platformBillingText('zh-CN', 'feature.participations'), used: 130, allowed: 100 })).toBe(
      '超额 每月回答（已用 130，含 100）',
    );
  });
});
