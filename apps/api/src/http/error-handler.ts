import type { ErrorEnvelope } from '@app/contracts';
import { pickLocale, statusMessage } from '@app/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { isServerPath, spaPageFor } from './static-web';
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
 * The one error handler: writes the error envelope of API.md in the caller's language,
 * with field errors under `data` and `errors`, and never leaks internals on 5xx.
 */
export function registerErrorHandler(app: FastifyInstance, options: { spaFallback: boolean }) {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = pickLocale(request.headers['accept-language']);
    if (error instanceof AppError) {
      const body: ErrorEnvelope = {
        success: false,
        code: error.code,
        message: error.message || statusMessage(error.status, locale),
      };
      if (error.details) {
        body.data = error.details;
        body.errors = error.details;
      }
      if (error.status >= 500) request.log.error({ err: error }, 'application error');
      return send(reply, error.status, body, error.headers);
    }
    const fe = error as FastifyError;
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
      return send(reply, 500, { success: false, code: 'server_error', message: statusMessage(500, locale) });
    }
    const code = status === 429 ? 'rate_limited' : status === 413 ? 'payload_too_large' : 'bad_request';
    return send(reply, status, { success: false, code, message: statusMessage(status, locale) });
  });

  app.setNotFoundHandler((request, reply) => {
    // Any other GET path belongs to the web app's router, which shows its own 404 page.
    if (options.spaFallback && request.method === 'GET' && !isServerPath(request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile(spaPageFor(request.url));
    }
    const locale = pickLocale(request.headers['accept-language']);
    return send(reply, 404, { success: false, code: 'route_not_found', message: statusMessage(404, locale) });
  });
}
