import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { deliverCallback, EmulatorStore, emulatedOutcomeOf, type EmulatedRequest, isDue } from './test-numbers';

export const ORANGE_EMULATOR_PREFIX = '/emulators/orange';
export const ORANGE_EMULATOR_CREDENTIALS = {
  consumerKey: 'emulator-key',
  consumerSecret: 'emulator-secret',
  xAuthToken: 'emulator-x-auth',
  channelMsisdn: '690000000',
  pin: '0000',
};

const MESSAGES = { refused: 'Transaction refusée par le client', insufficient_funds: 'Solde insuffisant' } as const;
const REASONS = { refused: 'APPROVAL_REJECTED', insufficient_funds: 'NOT_ENOUGH_FUNDS' } as const;

function statusData(payToken: string, request: EmulatedRequest | undefined) {
  const body = (request?.body ?? {}) as any;
  const base = { payToken, amount: body.amount, subscriberMsisdn: body.subscriberMsisdn, orderId: body.orderId };
  if (!request?.body) return { ...base, status: 'INITIATED' };
  if (!isDue(request)) return { ...base, status: 'PENDING' };
  if (request.outcome === 'success') return { ...base, status: 'SUCCESSFULL', txnid: `MP${payToken.slice(0, 10)}` };
  const key = request.outcome as keyof typeof MESSAGES;
  return { ...base, status: 'FAILED', inittxnmessage: MESSAGES[key], reason: REASONS[key] };
}

/**
 * A local stand-in for Orange Money's merchant payment API (token, mp/init, mp/pay,
 * mp/paymentstatus, notification POSTed to notifUrl), picking outcomes by the payer's number
 * like the MoMo emulator; same `delayMs` and `_control/{payToken}/callback` rules.
 */
export function registerOrangeEmulator(app: FastifyInstance, options: { delayMs: number }) {
  const store = new EmulatorStore();
  const tokens = new Set<string>();
  const c = ORANGE_EMULATOR_CREDENTIALS;
  const expected = `Basic ${Buffer.from(`${c.consumerKey}:${c.consumerSecret}`).toString('base64')}`;
  const authorized = (headers: Record<string, unknown>) =>
    headers['x-auth-token'] === c.xAuthToken &&
    typeof headers.authorization === 'string' &&
    tokens.has(headers.authorization.replace(/^Bearer /, ''));
  const sendCallback = (payToken: string) => {
    const request = store.get(payToken);
    if (!request?.callbackUrl) return Promise.resolve(0);
    return deliverCallback(request.callbackUrl, 'POST', { data: statusData(payToken, request) });
  };

  app.register(
    async (emu) => {
      emu.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      emu.post('/token', async (request, reply) => {
        if (request.headers.authorization !== expected || (request.body as any)?.grant_type !== 'client_credentials') {
          return reply.status(401).send({ error: 'invalid_client' });
        }
        const token = randomBytes(24).toString('base64url');
        tokens.add(token);
        return { access_token: token, token_type: 'Bearer', expires_in: 3600 };
      });
      emu.post('/omcoreapis/1.0.2/mp/init', async (request, reply) => {
        if (!authorized(request.headers)) return reply.status(401).send({ message: 'Unauthorized' });
        const payToken = `MP${randomBytes(12).toString('hex').toUpperCase()}`;
        store.set(payToken, { outcome: 'success', dueAt: 0, callbackUrl: '', createdAt: Date.now() });
        return { message: 'Payment request successfully initiated', data: { payToken } };
      });
      emu.post('/omcoreapis/1.0.2/mp/pay', async (request, reply) => {
        if (!authorized(request.headers)) return reply.status(401).send({ message: 'Unauthorized' });
        const body = request.body as any;
        const known = store.get(String(body?.payToken ?? ''));
        if (!known) return reply.status(404).send({ message: 'payToken inconnu' });
        if (known.body) return reply.status(409).send({ message: 'payToken déjà utilisé' });
        if (body.pin !== c.pin || body.channelUserMsisdn !== c.channelMsisdn) return reply.status(401).send({ message: 'Canal refusé' });
        if (!/^6\d{8}$/.test(String(body.subscriberMsisdn ?? '')) || !body.amount) {
          return reply.status(400).send({ message: 'Paramètres invalides', data: { inittxnmessage: 'Numéro ou montant invalide' } });
        }
        const record: EmulatedRequest = {
          outcome: emulatedOutcomeOf(body.subscriberMsisdn),
          dueAt: Date.now() + Math.max(0, options.delayMs),
          callbackUrl: String(body.notifUrl ?? ''),
          body,
          createdAt: Date.now(),
        };
        store.set(body.payToken, record);
        if (options.delayMs >= 0 && record.outcome !== 'no_answer') {
          setTimeout(() => void sendCallback(body.payToken), options.delayMs).unref();
        }
        return { message: 'Merchant payment successfully initiated', data: { ...statusData(body.payToken, record), status: 'PENDING' } };
      });
      emu.get<{ Params: { token: string } }>('/omcoreapis/1.0.2/mp/paymentstatus/:token', async (request, reply) => {
        if (!authorized(request.headers)) return reply.status(401).send({ message: 'Unauthorized' });
        if (!store.has(request.params.token)) return reply.status(404).send({ message: 'payToken inconnu' });
        return { message: 'Statut', data: statusData(request.params.token, store.get(request.params.token)) };
      });
      emu.post<{ Params: { token: string } }>('/_control/:token/callback', async (request, reply) => {
        if (!store.get(request.params.token)?.body) return reply.status(404).send();
        return { delivered: await sendCallback(request.params.token) };
      });
    },
    { prefix: ORANGE_EMULATOR_PREFIX },
  );
}
