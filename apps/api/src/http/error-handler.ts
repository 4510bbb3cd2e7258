import type { ErrorEnvelope } from '@app/contracts';
import { pickLocale, statusMessage } from '@app/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { multipartReadError } from './bad-input';
import { translateDbError } from './db-errors';
import { translateOutage } from './outage-errors';
import { reportServerError } from '../modules/platform/error-reporting/error-reporting';
import { AppError, messageOf } from './errors';
import type { RouteTable } from './route-table';
import { isServerPath } from '@app/contracts/routes';
import { spaPageFor } from './static-web';
import { fieldErrors } from './validation-messages';

function send(reply: FastifyReply, status: number, body: ErrorEnvelope, headers?: Record<string, string>) {
  if (headers) reply.headers(headers);
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Maps a Fastify built-in error (parsing, limits, rate limit) to a status. */
function statusOfFrameworkError(error: FastifyError): number {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return 413;
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return error.statusCode;
  return 500;
}

/**
 * Errors the router meets before any route (Fastify's `frameworkErrors`), in the envelope:
 * a path parameter longer than the router reads (MAX_PATH_PARAM_LENGTH) names nothing, so
 * 404 like any bad path id (Fastify's own answer is a bare 414); an undecodable path is 400.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const locale = pickLocale(request.headers['accept-language']);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(reply, 404, { success: false, code: 'not_found', message: statusMessage(404, locale) });
  }
  return send(reply, 400, { success: false, code: 'bad_request', message: statusMessage(400, locale) });
}

/**
 * The one error handler: writes the error envelope of API.md in the caller's language,
 * with field errors under `data` and `errors`, and never leaks internals on 5xx.
 */
export function registerErrorHandler(app: FastifyInstance, options: { spaFallback: boolean; routes?: RouteTable }) {
  app.setErrorHandler((raw: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = pickLocale(request.headers['accept-language']);
    // Database errors that bad input causes become 422 here too (reads are not wrapped);
    // an outage (database away, disk full) is 503 or 507, never a 500.
    const error = (multipartReadError(raw, request) ?? translateOutage(raw) ?? translateDbError(raw)) as FastifyError | AppError;
    if (error instanceof AppError) {
      if (error.code === 'invalid_value' && error.cause) {
        request.log.warn({ err: error.cause }, 'the database refused a value that validation let through');
      }
      const body: ErrorEnvelope = {
        success: false,
        code: error.code,
        message: messageOf(error, locale),
      };
      if (error.details) {
        body.data = error.details;
        body.errors = error.details;
      }
      if (error.status >= 500) {
        request.log.error({ err: error.cause ?? error }, error.status === 503 || error.status === 507 ? `unavailable: ${error.code}` : 'application error');
        reportServerError(error, request);
      }
      return send(reply, error.status, body, error.headers);
    }
    const fe = error as FastifyError;
    if (fe.validation && fe.validationContext === 'params') {
      // A path that names no possible record (an id out of range, a text) is not found.
      return send(reply, 404, { success: false, code: 'not_found', message: statusMessage(404, locale) });
    }
    if (fe.validation) {
      const details = fieldErrors(fe.validation, fe.validationContext, locale);
      return send(reply, 422, {
        success: false,
        code: 'validation_failed',
        message: statusMessage(422, locale),
        data: details,
        errors: details,
      });
    }
    const status = statusOfFrameworkError(fe);
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      reportServerError(error, request);
      return send(reply, 500, { success: false, code: 'server_error', message: statusMessage(500, locale) });
    }
    const code = status === 429 ? 'rate_limited' : status === 413 ? 'payload_too_large' : 'bad_request';
    return send(reply, status, { success: false, code, message: statusMessage(status, locale) });
  });

  app.setNotFoundHandler((request, reply) => {
    const locale = pickLocale(request.headers['accept-language']);
    const methods = options.routes?.methodsOf(request.url) ?? [];
    if (methods.length > 0 && !methods.includes(request.method)) {
      // The path exists, not with this method: say which ones it has (RFC 9110 §15.5.6).
      return send(reply, 405, { success: false, code: 'method_not_allowed', message: statusMessage(405, locale) }, { allow: methods.join(', ') });
    }
    if (methods.length > 0) {
      // A route of this method has the path's shape, but the router refused a parameter
      // longer than it reads (route-table.ts): it names no record, like any bad path id.
      return send(reply, 404, { success: false, code: 'not_found', message: statusMessage(404, locale) });
    }
    // Any other GET path belongs to the web app's router, which shows its own 404 page; the
    // server's own prefixes (`SERVER_PATH_PREFIXES`: API, downloads, assets) get a real 404.
    if (options.spaFallback && request.method === 'GET' && !isServerPath(request.url)) {
      // Not returned: a returned reply is awaited as a thenable, one more 'close' listener on
      // the response, the eleventh once error reporting traces requests (Node then warns).
      reply.header('cache-control', 'no-cache').sendFile(spaPageFor(request.url));
      return;
    }
    return send(reply, 404, { success: false, code: 'route_not_found', message: statusMessage(404, locale) });
  });
}
