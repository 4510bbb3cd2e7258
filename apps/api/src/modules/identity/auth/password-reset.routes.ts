import { requestPasswordTokenBody, resetPasswordBody } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../http/envelope';
import type { AuthDeps } from './auth.deps';
import { clientOf, TOKEN_OPTIONAL } from './auth.http';
import { authText } from './auth.texts';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { okSchema } from '../../../http/response-schemas';
import { passwordResetSchema, passwordTokenSchema } from './verification.responses';

const tags = ['auth'];

/** Forgotten password: request a code (same answer for every login), then reset with it. */
export function registerPasswordResetRoutes(parent: FastifyInstance, deps: AuthDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/auth/request-password-token',
    { schema: { tags, summary: 'Demande de réinitialisation', body: requestPasswordTokenBody, response: { 200: okSchema(passwordTokenSchema) } }, config: TOKEN_OPTIONAL },
    async (request) => {
      const client = clientOf(request);
      const result = await requestPasswordReset(app.db, deps, request.body.login, client);
      return ok(result, authText(client.locale, 'resetRequested'));
    },
  );

  app.post(
    '/auth/reset-password/:userId',
    {
      schema: {
        tags,
        summary: 'Réinitialisation du mot de passe',
        params: z.object({ userId: z.string().max(200) }),
        body: resetPasswordBody,
        response: { 200: okSchema(passwordResetSchema) },
      },
      config: TOKEN_OPTIONAL,
    },
    async (request) => {
      const client = clientOf(request);
      await resetPassword(app.db, deps, request.params.userId, request.body, client);
      return ok({ reset: true }, authText(client.locale, 'passwordReset'));
    },
  );
}
