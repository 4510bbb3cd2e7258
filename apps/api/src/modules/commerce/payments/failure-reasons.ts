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

/** The codes whose sentence can name the operator's word, and that sentence. */
const TEXT_WITH_DETAIL_OF: Partial<Record<FailureCode, FailureText>> = {
  operator_refused: 'operatorRefusedWithDetail',
  request_refused: 'requestRefusedWithDetail',
};

/**
 * The stored reason: the code, then the operator's word after a colon when there is one (an
 * empty word is none: the reader would see empty brackets).
 */
export function failureReason(code: FailureCode, detail?: string | number): string {
  const word = detail === undefined ? '' : String(detail).trim().slice(0, 200);
  return word === '' ? code : `${code}:${word}`;
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

/** The operator's code as a stored reason; only its own names match (never "constructor" or "toString"). */
export function reasonOfOperatorCode(code: string): string {
  return Object.hasOwn(OPERATOR_CODES, code) ? OPERATOR_CODES[code] : failureReason('operator_refused', code);
}

/**
 * The stored reason in the reader's language. A reason that is no code (a French sentence
 * migration 0034 did not know) is shown as it is.
 */
export function failureReasonText(stored: string | null, locale: string | null | undefined): string | null {
  if (stored === null) return null;
  const colon = stored.indexOf(':');
  const code = colon < 0 ? stored : stored.slice(0, colon);
  if (!Object.hasOwn(TEXT_OF, code)) return stored;
  const detail = colon < 0 ? '' : stored.slice(colon + 1).trim();
  const withDetail = detail === '' ? undefined : TEXT_WITH_DETAIL_OF[code as FailureCode];
  if (withDetail) return failureText(locale, withDetail, { detail });
  return failureText(locale, TEXT_OF[code as FailureCode]);
}
