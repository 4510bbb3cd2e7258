import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

type HeaderSink = { setHeader(name: string, value: string | number | readonly string[]): void; removeHeader(name: string): void };

/**
 * The headers helmet sets for `options`, worked out once. They depend on the
 * configuration only (no nonce), so there is nothing to compute per request; the
 * `@fastify/helmet` plugin ran helmet's middleware again on every request (3 to 4 % of
 * the process's CPU, docs/PERFORMANCE.md).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Array<[string, string]> {
  const headers = new Map<string, string>();
  const sink: HeaderSink = {
    setHeader: (name, value) => headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name) => headers.delete(name.toLowerCase()),
  };
  let called = false;
  let failure: unknown = null;
  // helmet 8 calls `next` synchronously, with an error when the options are invalid; a
  // version that did not would leave the headers unknown, so it stops the start.
  helmet(options)({} as never, sink as never, (error?: unknown) => {
    called = true;
    failure = error ?? null;
  });
  if (failure) throw failure;
  if (!called || headers.size === 0) throw new Error('helmet did not set its headers synchronously: security headers unknown');
  return [...headers];
}

/** Sets helmet's headers on every response, as early as any hook (errors and 404s included). */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
