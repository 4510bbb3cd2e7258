import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { answersWithServerError, deliverCallback, EmulatorStore, emulatedOutcomeOf, type EmulatedRequest, isDue } from './test-numbers';

export const MOMO_EMULATOR_PREFIX = '/emulators/momo';
export const EMULATOR_CREDENTIALS = { apiUser: 'emulator-user', apiKey: 'emulator-key', subscriptionKey: 'emulator-subscription' };

const REASONS = { refused: 'APPROVAL_REJECTED', insufficient_funds: 'NOT_ENOUGH_FUNDS' } as const;

function statusBody(id: string, request: EmulatedRequest) {
  const body = request.body as any;
  const base = {
    amount: body.amount,
    currency: body.currency,
    externalId: body.externalId,
    payer: body.payer,
    payerMessage: body.payerMessage,
    payeeNote: body.payeeNote,
  };
  if (!isDue(request)) return { ...base, status: 'PENDING' };
  if (request.outcome === 'success') return { ...base, financialTransactionId: `EMU${id.slice(0, 8)}`, status: 'SUCCESSFUL' };
  return { ...base, status: 'FAILED', reason: REASONS[request.outcome as keyof typeof REASONS] };
}

/**
 * A local stand-in for MTN MoMo Collection, speaking its protocol (token, requesttopay,
 * status, callback by PUT to X-Callback-Url), so payments work with no network. The payer's
 * number picks the outcome (test-numbers.ts). `delayMs` < 0: outcome at once and a callback
 * only on `POST {prefix}/_control/{referenceId}/callback` (tests order events themselves).
 */
export function registerMomoEmulator(app: FastifyInstance, options: { delayMs: number }) {
  const store = new EmulatorStore();
  const tokens = new Set<string>();
  const expected = `Basic ${Buffer.from(`${EMULATOR_CREDENTIALS.apiUser}:${EMULATOR_CREDENTIALS.apiKey}`).toString('base64')}`;
  const sendCallback = (id: string) => {
    const request = store.get(id);
    if (!request?.callbackUrl) return Promise.resolve(0);
    return deliverCallback(request.callbackUrl, 'PUT', statusBody(id, request));
  };
  const authorized = (headers: Record<string, unknown>) =>
    headers['ocp-apim-subscription-key'] === EMULATOR_CREDENTIALS.subscriptionKey &&
    typeof headers.authorization === 'string' &&
    tokens.has(headers.authorization.replace(/^Bearer /, ''));

  app.register(
    async (emu) => {
      emu.post('/collection/token/', async (request, reply) => {
        if (request.headers.authorization !== expected || request.headers['ocp-apim-subscription-key'] !== EMULATOR_CREDENTIALS.subscriptionKey) {
          return reply.status(401).send({ error: 'login_failed' });
        }
        const token = randomBytes(24).toString('base64url');
        tokens.add(token);
        return { access_token: token, token_type: 'access_token', expires_in: 3600 };
      });
      emu.post('/collection/v1_0/requesttopay', async (request, reply) => {
        if (!authorized(request.headers)) return reply.status(401).send({ code: 'UNAUTHORIZED' });
        const id = request.headers['x-reference-id'];
        const body = request.body as any;
        if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) return reply.status(400).send({ code: 'INVALID_REFERENCE_ID' });
        if (store.has(id)) return reply.status(409).send({ code: 'RESOURCE_ALREADY_EXIST' });
        if (!body?.payer?.partyId || !body.amount || !body.currency) return reply.status(400).send({ code: 'INVALID_PARAMETER' });
        const record: EmulatedRequest = {
          outcome: emulatedOutcomeOf(String(body.payer.partyId)),
          dueAt: Date.now() + Math.max(0, options.delayMs),
          callbackUrl: String(request.headers['x-callback-url'] ?? ''),
          body,
          createdAt: Date.now(),
        };
        store.set(id, record);
        if (options.delayMs >= 0 && record.outcome !== 'no_answer') {
          setTimeout(() => void sendCallback(id), options.delayMs).unref();
        }
        if (answersWithServerError(String(body.payer.partyId))) return reply.status(500).send({ code: 'INTERNAL_PROCESSING_ERROR' });
        return reply.status(202).send();
      });
      emu.get<{ Params: { id: string } }>('/collection/v1_0/requesttopay/:id', async (request, reply) => {
        if (!authorized(request.headers)) return reply.status(401).send({ code: 'UNAUTHORIZED' });
        const record = store.get(request.params.id);
        if (!record) return reply.status(404).send({ code: 'RESOURCE_NOT_FOUND' });
        return statusBody(request.params.id, record);
      });
      emu.post<{ Params: { id: string } }>('/_control/:id/callback', async (request, reply) => {
        if (!store.has(request.params.id)) return reply.status(404).send();
        return { delivered: await sendCallback(request.params.id) };
      });
    },
    { prefix: MOMO_EMULATOR_PREFIX },
  );
}
