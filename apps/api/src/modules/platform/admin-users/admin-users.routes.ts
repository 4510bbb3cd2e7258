import { z } from 'zod';
import { idParams } from '@app/contracts';
import { adminListQuery, adminUsersQuery, adminValidateBody, platformBroadcastBody } from '@app/contracts/admin-platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../../config';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { adminOnlyRoutes } from '../../../http/route-access';
import { publicBaseUrl } from '../../collection/qrcodes/qrcodes.routes';
import { roleRefBody } from '../../tenancy/agents/agents.schemas';
import { listPlatformBroadcasts, publishPlatformBroadcast } from './admin-broadcast.service';
import {
  giveRole,
  listUsersForAdmin,
  markValidated,
  platformRolesForAdmin,
  reactivateUser,
  sendResetCode,
  setAdmin,
  signOutEverywhere,
  suspendUser,
  takeRole,
  userDetailForAdmin,
} from './admin-users.service';
import { okListSchema, okSchema } from '../../../http/response-schemas';
import { userPermissionsSchema } from '../../tenancy/roles/roles.responses';
import type { AdminUserDetail } from '@app/contracts/admin-platform';
import { adminUserDetailSchema, adminUserRowSchema, platformBroadcastSchema, platformRoleSchema, resetCodeSentSchema } from '../admin.responses';

const tags = ['admin'];

/** mnt users (the platform's accounts, one account's page, the admin's actions on it) and mnt/broadcast. */
export async function adminUsersRoutes(parent: FastifyInstance, options: { config: Config }) {
  adminOnlyRoutes(parent);
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/admin/users', { schema: { tags, summary: 'Comptes de la plateforme (filtres, recherche, pages)', querystring: adminUsersQuery, response: { 200: okListSchema(adminUserRowSchema) } } }, async (request) => {
    const { rows, meta } = await listUsersForAdmin(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.get('/admin/roles', { schema: { tags, summary: 'Rôles de la plateforme attribuables à un compte', response: { 200: okSchema(z.array(platformRoleSchema)) } } }, async (request) =>
    ok(await platformRolesForAdmin(contextOf(request))),
  );
  app.get('/admin/users/:id', { schema: { tags, summary: "Un compte : entreprises, rôles, appareils, activité", params: idParams, response: { 200: okSchema(adminUserDetailSchema) } } }, async (request) =>
    ok(await userDetailForAdmin(contextOf(request), parseId(request.params.id))),
  );
  // Each action answers the account's page as it now is.
  const action = (path: string, summary: string, run: (request: FastifyRequest, id: number) => Promise<AdminUserDetail>) =>
    app.post(`/admin/users/:id/${path}`, { schema: { tags, summary, params: idParams, response: { 200: okSchema(adminUserDetailSchema) } } }, async (request) =>
      ok(await run(request, parseId(request.params.id))),
    );
  action('suspend', 'Suspendre un compte (toutes ses sessions prennent fin)', (r, id) => suspendUser(contextOf(r), id));
  action('reactivate', 'Réactiver un compte', (r, id) => reactivateUser(contextOf(r), id));
  action('signout', 'Déconnecter un compte de tous ses appareils', (r, id) => signOutEverywhere(contextOf(r), id));
  app.post(
    '/admin/users/:id/reset-code',
    { schema: { tags, summary: 'Envoyer un code de réinitialisation du mot de passe', params: idParams, response: { 200: okSchema(resetCodeSentSchema) } } },
    async (request) => ok(await sendResetCode(contextOf(request), parseId(request.params.id), publicBaseUrl(options.config, request))),
  );
  action('promote', 'Nommer administrateur de la plateforme', (r, id) => setAdmin(contextOf(r), id, true));
  action('demote', 'Retirer le rôle administrateur', (r, id) => setAdmin(contextOf(r), id, false));
  app.post('/admin/users/:id/validate', { schema: { tags, summary: "Marquer l'e-mail ou le téléphone validé", params: idParams, body: adminValidateBody, response: { 200: okSchema(adminUserDetailSchema) } } }, async (request) =>
    ok(await markValidated(contextOf(request), parseId(request.params.id), request.body.channel)),
  );
  app.post('/admin/users/:id/assignrole', { schema: { tags, summary: 'Attribuer un rôle de la plateforme', params: idParams, body: roleRefBody, response: { 200: okSchema(userPermissionsSchema) } } }, async (request) =>
    ok(await giveRole(contextOf(request), parseId(request.params.id), request.body)),
  );
  app.post('/admin/users/:id/removerole', { schema: { tags, summary: 'Retirer un rôle de la plateforme', params: idParams, body: roleRefBody, response: { 200: okSchema(userPermissionsSchema) } } }, async (request) =>
    ok(await takeRole(contextOf(request), parseId(request.params.id), request.body)),
  );
  app.get('/admin/broadcasts', { schema: { tags, summary: 'Diffusions de la plateforme', querystring: adminListQuery, response: { 200: okListSchema(platformBroadcastSchema) } } }, async (request) => {
    const { rows, meta } = await listPlatformBroadcasts(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.post('/admin/broadcasts', { schema: { tags, summary: 'Diffuser un message de la plateforme', body: platformBroadcastBody, response: { 201: okSchema(platformBroadcastSchema) } } }, async (request, reply) =>
    reply.status(201).send(ok(await publishPlatformBroadcast(contextOf(request), request.body))),
  );
}
