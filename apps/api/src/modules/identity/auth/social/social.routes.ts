import { facebookLoginBody, googleLoginBody, loginResponseSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../../http/envelope';
import { okSchema } from '../../../../http/response-schemas';
import type { AuthDeps } from '../auth.deps';
import { clientOf, TOKEN_OPTIONAL } from '../auth.http';
import { socialLogin } from './social.service';

const tags = ['auth'];

/** POST auth/google_login and auth/facebook_login: provider token plus device, LoginResponse back. */
export function registerSocialRoutes(parent: FastifyInstance, deps: AuthDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/auth/google_login',
    { schema: { tags, summary: 'Connexion avec Google', body: googleLoginBody, response: { 200: okSchema(loginResponseSchema) } }, config: TOKEN_OPTIONAL },
    async (request) => {
      const { id_token, credential, device } = request.body;
      const token = (id_token ?? credential) as string;
      return ok(await socialLogin(app.db, deps, 'google', { token, device }, clientOf(request)));
    },
  );

  app.post(
    '/auth/facebook_login',
    { schema: { tags, summary: 'Connexion avec Facebook', body: facebookLoginBody, response: { 200: okSchema(loginResponseSchema) } }, config: TOKEN_OPTIONAL },
    async (request) => {
      const { access_token, device } = request.body;
      return ok(await socialLogin(app.db, deps, 'facebook', { token: access_token, device }, clientOf(request)));
    },
  );
}
