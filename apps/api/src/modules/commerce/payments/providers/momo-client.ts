import { randomUUID } from 'node:crypto';
import { callOperator, tokenCache } from './http-json';
import { failureReason, reasonOfOperatorCode } from '../failure-reasons';
import { type PaymentOutcome, type PaymentProvider, ProviderError } from './provider';

export interface MomoSettings {
  baseUrl: string;
  apiUser: string;
  apiKey: string;
  subscriptionKey: string;
  targetEnvironment: string;
}

/** MTN's status body (GET requesttopay/{id} and the callback): reason is a string or {code, message}. */
function outcomeOf(body: any): PaymentOutcome {
  const status = String(body?.status ?? '').toUpperCase();
  if (status === 'SUCCESSFUL') return { status: 'succeeded', operatorTransactionId: body.financialTransactionId };
  if (status === 'FAILED' || status === 'REJECTED' || status === 'TIMEOUT') {
    const reason = typeof body.reason === 'string' ? body.reason : (body.reason?.code ?? status);
    return { status: 'failed', reason: reasonOfOperatorCode(reason) };
  }
  return { status: 'pending' };
}

/**
 * MTN MoMo Collection API: token by API user and key (Basic), `POST /collection/v1_0/requesttopay`
 * with `X-Reference-Id` (our UUID for the request), `X-Target-Environment`, `X-Callback-Url`
 * and `Ocp-Apim-Subscription-Key`; status by `GET /collection/v1_0/requesttopay/{referenceId}`.
 */
export function createMomoClient(settings: MomoSettings | (() => MomoSettings)): PaymentProvider {
  const read = typeof settings === 'function' ? settings : () => settings;
  const token = tokenCache(async () => {
    const s = read();
    const basic = Buffer.from(`${s.apiUser}:${s.apiKey}`).toString('base64');
    const { status, json } = await callOperator(`${s.baseUrl}/collection/token/`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'ocp-apim-subscription-key': s.subscriptionKey },
    });
    if (status !== 200 || !json?.access_token) throw new ProviderError(`MTN MoMo : jeton refusé (${status}).`, status >= 500, undefined, status);
    return { token: json.access_token, expiresInS: Number(json.expires_in ?? 3600) };
  });
  const headers = async () => {
    const s = read();
    return {
      authorization: `Bearer ${await token()}`,
      'x-target-environment': s.targetEnvironment,
      'ocp-apim-subscription-key': s.subscriptionKey,
    };
  };
  return {
    name: 'mtn_momo',
    async requestPayment(request) {
      const reference = randomUUID();
      const sent = callOperator(`${read().baseUrl}/collection/v1_0/requesttopay`, {
        method: 'POST',
        headers: {
          ...(await headers()),
          'content-type': 'application/json',
          'x-reference-id': reference,
          'x-callback-url': request.callbackUrl,
        },
        body: JSON.stringify({
          amount: String(request.amount),
          currency: request.currency,
          externalId: String(request.transactionId),
          payer: { partyIdType: 'MSISDN', partyId: `237${request.phone}` },
          payerMessage: request.description.slice(0, 160),
          payeeNote: request.description.slice(0, 160),
        }),
      });
      // The reference is ours: whatever happened on the way, the status call can find the request.
      const { status } = await sent.catch((error: ProviderError) => {
        throw new ProviderError(error.message, true, reference);
      });
      if (status >= 500) throw new ProviderError(`MTN MoMo : erreur de l’opérateur (${status}).`, true, reference);
      if (status !== 202) throw new ProviderError(`MTN MoMo a refusé la demande (${status}).`, false, undefined, status);
      return { reference };
    },
    async fetchStatus(reference) {
      const { status, json } = await callOperator(`${read().baseUrl}/collection/v1_0/requesttopay/${reference}`, {
        method: 'GET',
        headers: await headers(),
      });
      if (status === 404) return { status: 'failed', reason: failureReason('request_unknown') };
      if (status !== 200) throw new ProviderError(`MTN MoMo : statut indisponible (${status}).`, true);
      return outcomeOf(json);
    },
    parseCallback(body: any) {
      if (!body || typeof body !== 'object' || typeof body.status !== 'string') return null;
      return { outcome: outcomeOf(body), transactionId: typeof body.externalId === 'string' ? body.externalId : undefined };
    },
  };
}
