import { callOperator, tokenCache } from './http-json';
import { failureReason, reasonOfOperatorCode } from '../failure-reasons';
import { type PaymentOutcome, type PaymentProvider, ProviderError } from './provider';

export interface OrangeSettings {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  xAuthToken: string;
  channelMsisdn: string;
  pin: string;
}

const MP = '/omcoreapis/1.0.2/mp';

/** Orange's payment status (`data.status` of paymentstatus and of the notification). */
function outcomeOf(data: any): PaymentOutcome {
  const status = String(data?.status ?? '').toUpperCase();
  if (status === 'SUCCESSFULL' || status === 'SUCCESSFUL' || status === 'SUCCESS') {
    return { status: 'succeeded', operatorTransactionId: data.txnid };
  }
  if (status === 'FAILED' || status === 'CANCELLED' || status === 'EXPIRED') {
    const code = String(data.inittxnstatus ?? data.confirmtxnstatus ?? data.reason ?? status);
    return { status: 'failed', reason: reasonOfOperatorCode(String(data.reason ?? (status === 'EXPIRED' ? 'EXPIRED' : code))) };
  }
  return { status: 'pending' };
}

/**
 * Orange Money Cameroon merchant payment ("mp") API: a token by consumer key and secret,
 * `POST mp/init` for a payToken, `POST mp/pay` that pushes the request to the subscriber's
 * phone (notifUrl gets the outcome), `GET mp/paymentstatus/{payToken}`; every call carries
 * the Bearer token and the merchant's `X-AUTH-TOKEN`.
 */
export function createOrangeClient(settings: OrangeSettings | (() => OrangeSettings)): PaymentProvider {
  const read = typeof settings === 'function' ? settings : () => settings;
  const token = tokenCache(async () => {
    const s = read();
    const basic = Buffer.from(`${s.consumerKey}:${s.consumerSecret}`).toString('base64');
    const { status, json } = await callOperator(`${s.baseUrl}/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (status !== 200 || !json?.access_token) throw new ProviderError(`Orange Money : jeton refusé (${status}).`, status >= 500, undefined, status);
    return { token: json.access_token, expiresInS: Number(json.expires_in ?? 3600) };
  });
  const headers = async (json = false): Promise<Record<string, string>> => ({
    authorization: `Bearer ${await token()}`,
    'x-auth-token': read().xAuthToken,
    ...(json && { 'content-type': 'application/json' }),
  });
  return {
    name: 'orange_money',
    async requestPayment(request) {
      const s = read();
      const init = await callOperator(`${s.baseUrl}${MP}/init`, { method: 'POST', headers: await headers() });
      const payToken = init.json?.data?.payToken;
      if (init.status !== 200 || typeof payToken !== 'string') {
        throw new ProviderError(`Orange Money a refusé l’initialisation (${init.status}).`, init.status >= 500, undefined, init.status);
      }
      const pay = await callOperator(`${s.baseUrl}${MP}/pay`, {
        method: 'POST',
        headers: await headers(true),
        body: JSON.stringify({
          notifUrl: request.callbackUrl,
          channelUserMsisdn: s.channelMsisdn,
          amount: String(request.amount),
          subscriberMsisdn: request.phone,
          pin: s.pin,
          orderId: String(request.transactionId),
          description: request.description.slice(0, 120),
          payToken,
        }),
      }).catch((error: ProviderError) => {
        // The payToken is known: the status call can tell whether the push went out.
        throw new ProviderError(error.message, true, payToken);
      });
      if (pay.status >= 500) throw new ProviderError(`Orange Money : erreur de l’opérateur (${pay.status}).`, true, payToken);
      if (pay.status !== 200) {
        const reason = pay.json?.data?.inittxnmessage ?? pay.json?.message ?? pay.status;
        throw new ProviderError(`Orange Money a refusé la demande (${reason}).`, false, undefined, reason);
      }
      return { reference: payToken };
    },
    async fetchStatus(reference) {
      const { status, json } = await callOperator(`${read().baseUrl}${MP}/paymentstatus/${encodeURIComponent(reference)}`, {
        method: 'GET',
        headers: await headers(),
      });
      if (status === 404) return { status: 'failed', reason: failureReason('request_unknown') };
      if (status !== 200) throw new ProviderError(`Orange Money : statut indisponible (${status}).`, true);
      return outcomeOf(json?.data);
    },
    parseCallback(body: any) {
      const data = body?.data ?? body;
      if (!data || typeof data !== 'object' || typeof data.status !== 'string') return null;
      return { outcome: outcomeOf(data), reference: typeof data.payToken === 'string' ? data.payToken : undefined };
    },
  };
}
