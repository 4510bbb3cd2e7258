import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import { z } from 'zod';
import { ok } from '../../../http/envelope';
import { okSchema } from '../../../http/response-schemas';
import { PUBLIC_ROUTE } from '../../../http/route-access';

/** What the web pages need to know about this installation before anything else. */
const clientConfigSchema = z.object({
  /** Error reporting of the pages (Sentry), or null when SENTRY_BROWSER_DSN is unset. */
  error_reporting: z.object({ dsn: z.string(), environment: z.string() }).nullable(),
});
export type ClientConfig = z.output<typeof clientConfigSchema>;

/**
 * GET client-config: public and cacheable. A runtime setting rather than a build one, so
 * one build runs anywhere and a DSN is turned on or off by restarting the API. The DSN's
 * key is public by design (it only lets a client send events).
 */
export async function clientConfigRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const body: ClientConfig = {
    error_reporting: config.SENTRY_BROWSER_DSN ? { dsn: config.SENTRY_BROWSER_DSN, environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV } : null,
  };
  app.get('/client-config', { schema: { tags: ['health'], summary: 'Réglages publics des pages web (rapport d’erreurs)', response: { 200: okSchema(clientConfigSchema) } }, config: PUBLIC_ROUTE }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return ok(body);
  });
}

/** The origin a browser DSN sends to, for the pages' Content-Security-Policy (connect-src). */
export function errorReportingOrigin(config: Pick<Config, 'SENTRY_BROWSER_DSN'>): string[] {
  if (!config.SENTRY_BROWSER_DSN) return [];
  return [new URL(config.SENTRY_BROWSER_DSN).origin];
}
