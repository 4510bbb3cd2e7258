import { MOBILE_PREFIX_LISTS, normalizeMobile } from './validation';

/** Mobile-money operators a payment can go through. */
export const PAYMENT_PROVIDERS = ['mtn_momo', 'orange_money'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_PROVIDER_LABELS: Record<PaymentProvider, string> = {
  mtn_momo: 'MTN Mobile Money',
  orange_money: 'Orange Money',
};

/** What a payment pays for (`steps/transactions/{kind}/init`). */
export const PAYMENT_KINDS = ['invoice', 'package', 'booking'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const TRANSACTION_STATUS_LABELS = {
  initiated: 'Initiée',
  pending: 'En attente du payeur',
  succeeded: 'Réussie',
  failed: 'Échouée',
  expired: 'Expirée',
} as const;

export const INVOICE_STATUS_LABELS = {
  draft: 'Brouillon',
  open: 'À payer',
  paid: 'Payée',
  closed: 'Clôturée',
  cancelled: 'Annulée',
} as const;

/**
 * An invoice's number as people read it: `FAC-000012` in the company's own book,
 * `PF-000012` in the platform's (renewals and overage the platform bills the company).
 */
export function formatInvoiceNumber(invoice: { number: number; from_platform?: boolean }): string {
  return `${invoice.from_platform ? 'PF' : 'FAC'}-${String(invoice.number).padStart(6, '0')}`;
}

/**
 * The operator of a Cameroonian mobile number: the first prefix list of the description is
 * Orange's (640, 655-659, 686-699), the second MTN's (650-654, 670-683).
 */
export function operatorOfMobile(value: string): PaymentProvider | null {
  const phone = normalizeMobile(value);
  if (!phone) return null;
  const prefix = Number(phone.slice(0, 3));
  const [orange, mtn] = MOBILE_PREFIX_LISTS;
  if (mtn.some(([lo, hi]) => prefix >= lo && prefix <= hi)) return 'mtn_momo';
  if (orange.some(([lo, hi]) => prefix >= lo && prefix <= hi)) return 'orange_money';
  return null;
}
