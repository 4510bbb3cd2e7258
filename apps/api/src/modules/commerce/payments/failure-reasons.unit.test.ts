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

  it('writes no empty brackets when the operator gave no word', () => {
    expect(failureReason('request_refused', undefined)).toBe('request_refused');
    expect(failureReason('operator_refused', ' ')).toBe('operator_refused');
    expect(reasonOfOperatorCode('')).toBe('operator_refused');
    expect(failureReasonText('request_refused', 'fr')).toBe('L’opérateur a refusé la demande.');
    expect(failureReasonText('operator_refused:', 'en')).toBe('Payment refused by the operator.');
    expect(failureReasonText('request_refused: ', 'zh-CN')).toBe('运营商拒绝了该请求。');
    // A word on a code whose sentence has no place for it is not shown.
    expect(failureReasonText('insufficient_funds:42', 'en')).toBe('Insufficient balance.');
  });

  it('matches only the operators’ own codes, never a name every object has', () => {
    for (const inherited of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(reasonOfOperatorCode(inherited)).toBe(`operator_refused:${inherited}`);
    }
    expect(failureReasonText('constructor', 'en')).toBe('constructor');
    expect(failureReasonText('toString:1', 'en')).toBe('toString:1');
  });

  it('shows a reason stored before the codes as it is, and no reason as none', () => {
    expect(failureReasonText('Orange Money : jeton refusé (401).', 'en')).toBe('Orange Money : jeton refusé (401).');
    expect(failureReasonText(null, 'en')).toBeNull();
  });
});
