import { type FailureText, failureText } from './failure-reasons.texts';

/**
 * A failed payment's reason is read by the payer and by the company, each in their own
 * language, long after the operator gave it: `transactions.failure_reason` keeps a code
 * (`insufficient_funds`, or `operator_refused:<the operator's code>` when a word of the
 * operator goes with it), and `failureReasonText` writes it in the reader's language.
 */
const TEXT_OF = {
  payer_rejected: 'payerRejected',
  insufficient_funds: 'insufficientFunds',
  payer_unknown: 'payerUnknown',
  payer_timeout: 'payerTimeout',
  cancelled: 'cancelled',
  operator_error: 'operatorError',
  request_unknown: 'requestUnknown',
  operator_refused: 'operatorRefused',
  request_refused: 'requestRefused',
  operator_unreachable: 'operatorUnreachable',
} as const satisfies Record<string, FailureText>;
export type FailureCode = keyof typeof TEXT_OF;

/** The stored reason: the code, then the operator's word after a colon when there is one. */
export function failureReason(code: FailureCode, detail?: string | number): string {
  return detail === undefined ? code : `${code}:${String(detail).slice(0, 200)}`;
}

/** The operators' failure codes (MTN's and Orange's share these names), as stored reasons. */
const OPERATOR_CODES: Record<string, FailureCode> = {
  APPROVAL_REJECTED: 'payer_rejected',
  NOT_ENOUGH_FUNDS: 'insufficient_funds',
  PAYER_NOT_FOUND: 'payer_unknown',
  EXPIRED: 'payer_timeout',
  TRANSACTION_CANCELED: 'cancelled',
  INTERNAL_PROCESSING_ERROR: 'operator_error',
};

export function reasonOfOperatorCode(code: string): string {
  return OPERATOR_CODES[code] ?? failureReason('operator_refused', code);
}

/**
 * The stored reason in the reader's language. A reason stored before codes were (a French
 * sentence) is shown as it is.
 */
export function failureReasonText(stored: string | null, locale: string | null | undefined): string | null {
  if (stored === null) return null;
  const colon = stored.indexOf(':');
  const code = colon < 0 ? stored : stored.slice(0, colon);
  if (!Object.hasOwn(TEXT_OF, code)) return stored;
  return failureText(locale, TEXT_OF[code as FailureCode], { detail: colon < 0 ? '' : stored.slice(colon + 1) });
}
