import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../../test/complete-texts';
import { failureReason, failureReasonText, reasonOfOperatorCode } from './failure-reasons';
import { FAILURE_TEXTS } from './failure-reasons.texts';

describe('payment failure reasons: stored as codes, read in the reader’s language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(FAILURE_TEXTS, 'payment failures');
  });

  it('stores the operators’ codes as reasons, an unknown one with its word', () => {
    expect(reasonOfOperatorCode('NOT_ENOUGH_FUNDS')).toBe('insufficient_funds');
    expect(reasonOfOperatorCode('RISK_BLOCKED')).toBe('operator_refused:RISK_BLOCKED');
    expect(failureReason('request_refused', 400)).toBe('request_refused:400');
  });

  it('writes a stored reason in the reader’s language, the operator’s word kept', () => {
    expect(failureReasonText('insufficient_funds', 'de')).toBe('Unzureichendes Guthaben.');
    expect(failureReasonText('operator_refused:RISK_BLOCKED', 'en')).toBe('Payment refused by the operator (RISK_BLOCKED).');
    expect(failureReasonText('request_refused:400', 'zh-CN')).toBe('运营商拒绝了该请求（400）。');
    expect(failureReasonText('payer_timeout', 'ja')).toBe('Le payeur n’a pas répondu à temps.');
  });

  it('shows a reason stored before the codes as it is, and no reason as none', () => {
    expect(failureReasonText('Orange Money : jeton refusé (401).', 'en')).toBe('Orange Money : jeton refusé (401).');
    expect(failureReasonText(null, 'en')).toBeNull();
  });
});
