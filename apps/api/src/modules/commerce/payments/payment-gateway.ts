import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import { EMULATOR_CREDENTIALS, MOMO_EMULATOR_PREFIX, registerMomoEmulator } from './emulators/momo-emulator';
import { ORANGE_EMULATOR_CREDENTIALS, ORANGE_EMULATOR_PREFIX, registerOrangeEmulator } from './emulators/orange-emulator';
import { createMomoClient } from './providers/momo-client';
import { createOrangeClient } from './providers/orange-client';
import type { PaymentProvider, ProviderName } from './providers/provider';

export interface PaymentGateway {
  provider(name: ProviderName): PaymentProvider | null;
  /** Absolute base of callback URLs (no trailing slash). */
  callbackBase(): string;
  /** Which providers run against a local emulator (shown in GET steps/transactions/providers). */
  emulated: ReadonlySet<ProviderName>;
}

/** The server's own loopback origin once it listens (the emulators live on the same port). */
function ownOrigin(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | null;
  if (!address || typeof address === 'string') throw new Error('the server does not listen yet');
  const host = address.family === 'IPv6' ? (address.address === '::' ? '[::1]' : `[${address.address}]`) : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * One client per operator: the real API when its credentials are configured, else (only when
 * PAYMENT_EMULATORS is on: the emulators approve any number) a local emulator speaking the
 * same protocol mounted on this server, else none (the operator is unavailable: 503 on init).
 */
export function createPaymentGateway(app: FastifyInstance, config: Config): PaymentGateway {
  const emulated = new Set<ProviderName>();
  const allowEmulators = config.PAYMENT_EMULATORS;
  const momoReal = config.MOMO_API_USER && config.MOMO_API_KEY && config.MOMO_SUBSCRIPTION_KEY;
  let momo: PaymentProvider | null = null;
  if (momoReal) {
    momo = createMomoClient({
      baseUrl: config.MOMO_BASE_URL,
      apiUser: config.MOMO_API_USER!,
      apiKey: config.MOMO_API_KEY!,
      subscriptionKey: config.MOMO_SUBSCRIPTION_KEY!,
      targetEnvironment: config.MOMO_TARGET_ENVIRONMENT,
    });
  } else if (allowEmulators) {
    registerMomoEmulator(app, { delayMs: config.PAYMENT_EMULATOR_DELAY_MS });
    emulated.add('mtn_momo');
    momo = createMomoClient(() => ({
      baseUrl: `${ownOrigin(app)}${MOMO_EMULATOR_PREFIX}`,
      ...EMULATOR_CREDENTIALS,
      targetEnvironment: 'sandbox',
    }));
  }
  const orangeReal =
    config.ORANGE_CONSUMER_KEY && config.ORANGE_CONSUMER_SECRET && config.ORANGE_X_AUTH_TOKEN && config.ORANGE_CHANNEL_MSISDN && config.ORANGE_PIN;
  let orange: PaymentProvider | null = null;
  if (orangeReal) {
    orange = createOrangeClient({
      baseUrl: config.ORANGE_BASE_URL,
      consumerKey: config.ORANGE_CONSUMER_KEY!,
      consumerSecret: config.ORANGE_CONSUMER_SECRET!,
      xAuthToken: config.ORANGE_X_AUTH_TOKEN!,
      channelMsisdn: config.ORANGE_CHANNEL_MSISDN!,
      pin: config.ORANGE_PIN!,
    });
  } else if (allowEmulators) {
    registerOrangeEmulator(app, { delayMs: config.PAYMENT_EMULATOR_DELAY_MS });
    emulated.add('orange_money');
    orange = createOrangeClient(() => ({ baseUrl: `${ownOrigin(app)}${ORANGE_EMULATOR_PREFIX}`, ...ORANGE_EMULATOR_CREDENTIALS }));
  }
  if (emulated.size > 0) {
    app.log.warn({ emulated: [...emulated] }, 'payment emulators are enabled (PAYMENT_EMULATORS): every payment to them is approved without real money');
  }
  return {
    provider: (name) => (name === 'mtn_momo' ? momo : orange),
    callbackBase: () => (config.PAYMENT_CALLBACK_BASE_URL ?? config.PUBLIC_BASE_URL ?? ownOrigin(app)).replace(/\/$/, ''),
    emulated,
  };
}
