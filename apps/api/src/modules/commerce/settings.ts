import type { Config } from '../../config';

/**
 * Commerce settings read from the configuration when the app is built (config.ts is the
 * only env reader). One app per process, except in tests, where each file builds its own
 * app in its own worker, so a module-level value is safe.
 */
export interface CommerceSettings {
  vatRateBp: number;
  currency: string;
  paymentExpiryMs: number;
  limitsEnforced: boolean;
  /** How long an unpaid renewal keeps the company on its package after the period ended. */
  renewalGraceMs: number;
}

let current: CommerceSettings = { vatRateBp: 1925, currency: 'XAF', paymentExpiryMs: 600_000, limitsEnforced: true, renewalGraceMs: 7 * 86_400_000 };

export function configureCommerce(config: Config): void {
  current = {
    vatRateBp: config.VAT_RATE_BP, currency: config.DEFAULT_CURRENCY, paymentExpiryMs: config.PAYMENT_EXPIRY_S * 1000,
    limitsEnforced: config.LIMITS_ENFORCED,
    renewalGraceMs: config.RENEWAL_GRACE_DAYS * 86_400_000,
  };
}

export function commerceSettings(): CommerceSettings {
  return current;
}
