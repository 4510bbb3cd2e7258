import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { statusMessage } from '@app/contracts';

/** Node's parser errors, by the status that tells the client what went wrong. */
function statusOf(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/**
 * Answers a request Node could not parse (a URL or headers too long, a malformed request
 * line, a request that never finished). The parser cannot resume after such an error, so
 * the connection must close; the answer says so (`Connection: close`), else a client that
 * keeps connections alive sends its next request on a socket nobody reads and never hears
 * back (Fastify's own handler leaves the header out). The request was never read, so its
 * language is unknown: French, the product's language.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = statusOf(error.code);
  const code = status === 431 ? 'request_too_long' : status === 408 ? 'request_timeout' : 'bad_request';
  const body = JSON.stringify({ success: false, code, message: statusMessage(status, 'fr') });
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Connection: close',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
  ].join('\r\n');
  socket.end(`${head}\r\n\r\n${body}`, () => socket.destroy());
}
