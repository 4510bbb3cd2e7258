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
  let failure: unknown = null;
  // helmet calls `next` synchronously, with an error when the options are invalid.
  helmet(options)({} as never, sink as never, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
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
