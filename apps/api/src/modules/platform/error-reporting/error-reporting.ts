import { ERROR_REPORTING_SAMPLING, scrubBreadcrumb, scrubEvent } from '@app/contracts/error-reporting';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../../config';

/**
 * The API's error reporting (Sentry, docs/ARCHITECTURE.md "Error reporting"). Off unless
 * SENTRY_DSN is set: then @sentry/node is loaded (not before, so that an installation
 * without a DSN pays nothing at start), every trace is sampled (spec section 9), and
 * every event, transaction and breadcrumb goes through the shared scrubber of
 * @app/contracts/error-reporting before it leaves the process.
 */
type SentryNode = typeof import('@sentry/node');

let sentry: SentryNode | null = null;

export type ErrorReportingConfig = Pick<Config, 'SENTRY_DSN' | 'SENTRY_ENVIRONMENT' | 'NODE_ENV'>;

/** Starts reporting when a DSN is configured; returns whether it did. */
export async function startErrorReporting(config: ErrorReportingConfig): Promise<boolean> {
  if (!config.SENTRY_DSN) {
    sentry = null;
    return false;
  }
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn: config.SENTRY_DSN,
    environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV,
    tracesSampleRate: ERROR_REPORTING_SAMPLING.tracesSampleRate,
    // No IP address, cookies or user names attached by the SDK itself.
    sendDefaultPii: false,
    // The error handler reports 5xx answers itself (reportServerError), with the request;
    // the SDK's Fastify integration would report the same errors a second time without it,
    // and 4xx refusals too.
    integrations: (defaults) => defaults.filter((integration) => integration.name !== 'Fastify'),
    beforeSend: (event) => scrubEvent(event),
    beforeSendTransaction: (event) => scrubEvent(event),
    beforeBreadcrumb: (crumb) => scrubBreadcrumb(crumb),
  });
  sentry = Sentry;
  return true;
}

/** Sends what is waiting and stops (at shutdown, and between tests). */
export async function stopErrorReporting(timeoutMs = 2000): Promise<void> {
  const current = sentry;
  sentry = null;
  await current?.close(timeoutMs);
}

/**
 * Reports an error that became a 5xx answer, with the request it broke (method, path and
 * query, headers, body): the scrubber removes credentials, codes and answers from them.
 */
export function reportServerError(error: unknown, request: FastifyRequest): void {
  const Sentry = sentry;
  if (!Sentry) return;
  // A scope of this capture only (a function, not withScope, so that it holds whatever the
  // async context of the request is).
  Sentry.captureException(error, (scope) => {
    scope.setTag('request_id', request.id);
    if (request.routeOptions.url) scope.setTransactionName(`${request.method} ${request.routeOptions.url}`);
    const queryAt = request.url.indexOf('?');
    // The SDK's own way to attach a request (its RequestData integration reads it).
    scope.setSDKProcessingMetadata({
      normalizedRequest: {
        method: request.method,
        url: request.url,
        query_string: queryAt < 0 ? undefined : request.url.slice(queryAt + 1),
        headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')])),
        data: request.body ?? undefined,
      },
    });
    return scope;
  });
}
