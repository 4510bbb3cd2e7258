import { sendOtpBody, validateOtpBody, validatePhoneBody, validatePhoneRequestBody } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import type { AuthDeps } from './auth.deps';
import { clientOf, ensureSignedIn, requireSession } from './auth.http';
import { authText } from './auth.texts';
import { confirmPhone, requestPhoneValidation, sendUserOtp, validateUserOtp } from './verification.service';
import { idParams } from '@app/contracts';
import { okSchema } from '../../../http/response-schemas';
import { otpSentSchema, phoneRequestSchema, verifiedSchema } from './verification.responses';

const tags = ['users'];

/** Codes on an account: users/{id}/sendotp|validateotp (GET or POST), validate_phone_request, validate_phone. */
export function registerVerificationRoutes(parent: FastifyInstance, deps: AuthDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  for (const method of ['GET', 'POST'] as const) {
    const input = method === 'GET' ? 'querystring' : 'body';
    app.route({
      method,
      url: '/users/:id/sendotp',
      preValidation: ensureSignedIn,
      schema: { tags, summary: 'Envoi d’un code', params: idParams, [input]: sendOtpBody.optional(), response: { 200: okSchema(otpSentSchema) } },
      handler: async (request) => {
        const { actor } = requireSession(request);
        const client = clientOf(request);
        const args = ((method === 'GET' ? request.query : request.body) ?? {}) as z.infer<typeof sendOtpBody>;
        const result = await sendUserOtp(app.db, deps, actor, parseId(request.params.id), args.channel, client);
        return ok(result, authText(client.locale, 'codeSent'));
      },
    });
    app.route({
      method,
      url: '/users/:id/validateotp',
      preValidation: ensureSignedIn,
      schema: { tags, summary: 'Validation d’un code', params: idParams, [input]: validateOtpBody, response: { 200: okSchema(verifiedSchema) } },
      handler: async (request) => {
        const { actor } = requireSession(request);
        const client = clientOf(request);
        const args = (method === 'GET' ? request.query : request.body) as z.infer<typeof validateOtpBody>;
        const result = await validateUserOtp(app.db, deps, actor, parseId(request.params.id), args, client);
        return ok(result, authText(client.locale, 'codeValidated'));
      },
    });
  }

  app.post(
    '/users/validate_phone_request',
    { preValidation: ensureSignedIn, schema: { tags, summary: 'Code de validation du téléphone', body: validatePhoneRequestBody, response: { 200: okSchema(phoneRequestSchema) } } },
    async (request) => {
      const { actor } = requireSession(request);
      const client = clientOf(request);
      const result = await requestPhoneValidation(app.db, deps, actor, request.body.phone, client);
      return ok(result, authText(client.locale, 'codeSent'));
    },
  );

  app.post(
    '/users/validate_phone',
    { preValidation: ensureSignedIn, schema: { tags, summary: 'Validation du téléphone', body: validatePhoneBody, response: { 200: okSchema(verifiedSchema) } } },
    async (request) => {
      const { actor } = requireSession(request);
      const client = clientOf(request);
      return ok(await confirmPhone(app.db, deps, actor, request.body, client), authText(client.locale, 'codeValidated'));
    },
  );
}
