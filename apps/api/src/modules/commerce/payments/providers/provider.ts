/** What the payment use cases need from a mobile-money operator, whatever its protocol. */

export type ProviderName = 'mtn_momo' | 'orange_money';

export interface PaymentRequest {
  /** Our transaction id, sent as the operator's external / order id. */
  transactionId: number;
  amount: number;
  currency: string;
  /** National 9-digit number (6XXXXXXXX). */
  phone: string;
  description: string;
  /** Absolute URL the operator calls with the outcome (carries the transaction's secret). */
  callbackUrl: string;
}

export interface PaymentStarted {
  /** The operator's reference of the request (MoMo X-Reference-Id, Orange payToken). */
  reference: string;
  /** Anything else the status call needs. */
  data?: Record<string, string>;
}

export type PaymentOutcome =
  | { status: 'pending' }
  | { status: 'succeeded'; operatorTransactionId?: string }
  /** `reason`: a stored reason (failure-reasons.ts), written in the reader's language when read. */
  | { status: 'failed'; reason: string };

export interface PaymentProvider {
  name: ProviderName;
  /** Asks the payer to approve (USSD push); throws ProviderError when the operator refuses the request itself. */
  requestPayment(request: PaymentRequest): Promise<PaymentStarted>;
  /** The request's status as the operator sees it now. */
  fetchStatus(reference: string, data: Record<string, string> | null): Promise<PaymentOutcome>;
  /**
   * Reads a callback body (already authenticated by its URL): the outcome, and the
   * operator reference or our transaction id when the body names them (checked against the row).
   */
  parseCallback(body: unknown): { outcome: PaymentOutcome; reference?: string; transactionId?: string } | null;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    public readonly retryable: boolean,
    /**
     * Set when the request may have reached the operator (timeout, network cut, 5xx after
     * sending): the payer may still be asked, so the transaction stays pending under this
     * reference and polling or the callback decides.
     */
    public readonly reference?: string,
    /** The operator's own word on a refusal (its status code, its reason), kept with the failure. */
    public readonly detail?: string | number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
