import type { FastifyRequest } from 'fastify';

/**
 * Respondent keys (a participation's client_uuid) open its answers and files to whoever
 * holds them, so they must not land in logs: masked in key paths and key query values.
 */
const KEY_PATH = /(\/participations\/key\/)[^/?#]+/gi;
const KEY_QUERY = /([?&](?:key|client_uuid)=)[^&#]*/gi;
const MASK = '***';

export function maskRespondentKeys(url: string): string {
  return url.replace(KEY_PATH, `$1${MASK}`).replace(KEY_QUERY, `$1${MASK}`);
}

/** pino's request serializer: Fastify's default fields, with the URL masked. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskRespondentKeys(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
