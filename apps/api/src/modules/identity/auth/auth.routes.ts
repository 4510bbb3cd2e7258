import {
  accountUserSchema,
  authProvidersSchema,
  loginBody,
  loginResponseSchema,
  refreshBody,
  refreshResponseSchema,
  registerBody,
  validateAccountBody,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bearerTokenOf } from '../../../http/auth-hook';
import { z } from 'zod';
import { ok } from '../../../http/envelope';
import { okNullSchema, okSchema } from '../../../http/response-schemas';
import { unauthorized } from '../../../http/errors';
import { loadAccountUser } from './account.service';
import { type AuthDeps, lifetimesOf } from './auth.deps';
import { clientOf, requireSession, TOKEN_OPTIONAL } from './auth.http';
import { authText } from './auth.texts';
import { login } from './login.service';
import { register, validateAccount } from './register.service';
import { logout, rotateSession } from './sessions.service';
import { enabledProviders } from './social/social.service';

const tags = ['auth'];

/** Section 7 "Auth": test, providers, login, register, validate-account, refresh, logout, GET auth. */
export function registerAuthRoutes(parent: FastifyInstance, deps: AuthDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/auth/test', { schema: { tags, summary: 'Test de disponibilité', response: { 200: okSchema(z.object({ ok: z.literal(true) })) } }, config: TOKEN_OPTIONAL }, async () =>
    ok({ ok: true }),
  );

  app.get('/auth/providers', { schema: { tags, summary: 'Connexions sociales activées', response: { 200: okSchema(authProvidersSchema) } }, config: TOKEN_OPTIONAL }, async () =>
    ok(enabledProviders(deps.config)),
  );

  app.post(
    '/auth/login',
    { schema: { tags, summary: 'Connexion', body: loginBody, response: { 200: okSchema(loginResponseSchema) } }, config: TOKEN_OPTIONAL },
    async (request) => ok(await login(app.db, deps, request.body, clientOf(request))),
  );

  app.post(
    '/auth/register',
    { schema: { tags, summary: 'Inscription', body: registerBody, response: { 201: okSchema(z.object({ email: z.string() })) } }, config: TOKEN_OPTIONAL },
    async (request, reply) => {
      const client = clientOf(request);
      const result = await register(app.db, deps, request.body, client);
      return reply.status(201).send(ok(result, authText(client.locale, 'registered')));
    },
  );

  app.post(
    '/auth/validate-account',
    { schema: { tags, summary: 'Validation du compte par code', body: validateAccountBody, response: { 200: okSchema(z.union([loginResponseSchema, z.object({ validated: z.literal(true) })])) } }, config: TOKEN_OPTIONAL },
    async (request) => {
      const client = clientOf(request);
      const { email, login: loginValue, code, device } = request.body;
      const result = await validateAccount(app.db, deps, { login: (email ?? loginValue) as string, code, device }, client);
      return ok(result, authText(client.locale, 'accountValidated'));
    },
  );

  app.post(
    '/auth/refresh',
    { schema: { tags, summary: 'Renouvellement des jetons', body: refreshBody, response: { 200: okSchema(refreshResponseSchema) } }, config: TOKEN_OPTIONAL },
    async (request) => {
      const s = await rotateSession(app.db, deps.events, lifetimesOf(deps.config), request.body.refresh_token);
      return ok({ token: s.token, refresh_token: s.refresh_token, expires_at: s.expires_at, refresh_expires_at: s.refresh_expires_at });
    },
  );

  app.get('/auth/logout', { schema: { tags, summary: 'Déconnexion', response: { 200: okNullSchema } }, config: TOKEN_OPTIONAL }, async (request) => {
    const locale = clientOf(request).locale;
    // Without authSession (an expired access token) the token still names the session to end.
    if (!(await logout(app.db, deps.events, { session: request.authSession, token: bearerTokenOf(request) }))) throw unauthorized();
    return ok(null, authText(locale, 'loggedOut'));
  });

  app.get('/auth', { schema: { tags, summary: 'Utilisateur connecté', response: { 200: okSchema(accountUserSchema) } } }, async (request) => {
    const { actor } = requireSession(request);
    return ok(await loadAccountUser(app.db, actor.userId));
  });
}
