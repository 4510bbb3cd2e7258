import type { FastifyRequest } from 'fastify';

/**
 * Secrets carried by URLs must not land in logs: respondent keys (a participation's
 * client_uuid opens its answers and files to whoever holds it), in key paths and key query
 * values, and the payment callback secret (whoever holds it can report a transaction's
 * outcome) in `/steps/transactions/callbacks/{id}/{secret}`.
 */
const KEY_PATH = /(\/participations\/key\/)[^/?#]+/gi;
const KEY_QUERY = /([?&](?:key|client_uuid)=)[^&#]*/gi;
const CALLBACK_SECRET_PATH = /(\/transactions\/callbacks\/[^/?#]+\/)[^/?#]+/gi;
const MASK = '***';

export function maskUrlSecrets(url: string): string {
  return url.replace(KEY_PATH, `$1${MASK}`).replace(KEY_QUERY, `$1${MASK}`).replace(CALLBACK_SECRET_PATH, `$1${MASK}`);
}

/** pino's request serializer: Fastify's default fields, with the URL masked. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskUrlSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
