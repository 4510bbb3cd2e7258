import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { articlesRoutes } from './articles/articles.routes';
import { billsRoutes } from './bills/bills.routes';
import { entitlementsRoutes } from './entitlements/entitlements.routes';
import { runRenewals } from './entitlements/renewals';
import { invoicesRoutes } from './invoices/invoices.routes';
import { createPaymentGateway, type PaymentGateway } from './payments/payment-gateway';
import { findInvoice } from './invoices/invoices.repository';
import { publishInvoiceEvent } from './invoices/invoice-events';
import { expireOverdue, onSuccessApplied } from './payments/settlement';
import { transactionsRoutes } from './payments/transactions.routes';
import { lastLookOf } from './payments/transactions.service';
import { configureCommerce } from './settings';

/**
 * The commerce context at the server's root, before the API is registered: settings, the
 * payment gateway with the operator emulators (outside the API prefix, when no credentials
 * are set) and the sweep that expires unanswered payments.
 */
export function prepareCommerce(root: FastifyInstance, config: Config): PaymentGateway {
  configureCommerce(config);
  const gateway = createPaymentGateway(root, config);
  // A mobile-money payment that paid an invoice is announced like one marked paid by hand.
  const stopListening = onSuccessApplied((settled, db) => {
    if (settled.kind !== 'invoice' || db !== root.db) return;
    void findInvoice(root.db, settled.target_id)
      .then((invoice) => invoice && publishInvoiceEvent(root, 'invoice.paid', invoice))
      .catch((error) => root.log.warn({ err: error }, 'invoice.paid event failed'));
  });
  root.addHook('onClose', async () => stopListening());
  if (config.PAYMENT_SWEEP_INTERVAL_S > 0) {
    let timer: NodeJS.Timeout | null = null;
    root.addHook('onReady', async () => {
      timer = setInterval(() => {
        expireOverdue(root.db, lastLookOf(gateway)).catch((error) => root.log.warn({ err: error }, 'payment expiry sweep failed'));
      }, config.PAYMENT_SWEEP_INTERVAL_S * 1000);
      timer.unref();
    });
    root.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  }
  if (config.RENEWAL_SWEEP_INTERVAL_S > 0) startRenewalJob(root, config.RENEWAL_SWEEP_INTERVAL_S);
  return gateway;
}

/**
 * The renewal job (DOMAIN.md "Commerce", renewal): every interval, closes the ended
 * periods and expires unpaid renewals. One round at a time per process; several
 * processes may run it (each period is closed once, by a conditional UPDATE).
 */
function startRenewalJob(root: FastifyInstance, intervalS: number) {
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      await runRenewals(root);
    } catch (error) {
      root.log.warn({ err: error }, 'subscription renewal round failed');
    } finally {
      running = false;
    }
  };
  root.addHook('onReady', async () => {
    timer = setInterval(() => void round(), intervalS * 1000);
    timer.unref();
  });
  root.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}

/** The commerce routes under /api/v2. */
export async function commerceRoutes(api: FastifyInstance, options: { config: Config; gateway: PaymentGateway }) {
  await api.register(entitlementsRoutes);
  await api.register(invoicesRoutes, { config: options.config });
  await api.register(transactionsRoutes, { gateway: options.gateway });
  await api.register(billsRoutes);
  await api.register(articlesRoutes, { config: options.config });
}
