import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { roleRefBody } from '../../tenancy/agents/agents.schemas';
import { changeUserTypeBody, createUserBody, updateUserBody } from './users.schemas';
import { assignUserRole, changeUserType, getUserPermissions, removeUserRole } from './users-roles.service';
import { changeAccountStatus, createAccount, deleteAccount, getUser, listUsers, updateAccount } from './users.service';
import { idParams } from '@app/contracts';
import { okListSchema, okNullSchema, okSchema, resourceRowSchema } from '../../../http/response-schemas';
import { userPermissionsSchema } from '../../tenancy/roles/roles.responses';
import { userQueryDef } from './users.query';

const userRow = resourceRowSchema(userQueryDef);
/** A created account carries, once, the password generated for it. */
const createdUserRow = resourceRowSchema(userQueryDef, { generated_password: z.string() });

const tags = ['users'];

/** Account management (mnt); profile and password routes live with auth and profile. */
export async function usersRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/users', { schema: { tags, summary: 'Liste des comptes', response: { 200: okListSchema(userRow) } } }, async (request) => {
    const { rows, meta } = await listUsers(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.post(
    '/users/search',
    { schema: { tags, summary: 'Recherche : comptes', body: z.looseObject({ input: z.string().max(200).optional() }), response: { 200: okListSchema(userRow) } } },
    async (request) => {
      const { rows, meta } = await listUsers(contextOf(request), request.body);
      return okList(rows, meta);
    },
  );
  app.get('/users/:id', { schema: { tags, summary: 'Détail : compte', params: idParams, response: { 200: okSchema(userRow) } } }, async (request) =>
    ok(await getUser(contextOf(request), parseId(request.params.id), request.query)),
  );
  app.post('/users', { schema: { tags, summary: 'Créer un compte (mot de passe généré)', body: createUserBody, response: { 201: okSchema(createdUserRow) } } }, async (request, reply) =>
    reply.status(201).send(ok(await createAccount(contextOf(request), request.body))),
  );
  app.post('/users/:id', { schema: { tags, summary: 'Mise à jour : compte', params: idParams, body: updateUserBody, response: { 200: okSchema(userRow) } } }, async (request) =>
    ok(await updateAccount(contextOf(request), parseId(request.params.id), request.body)),
  );
  app.delete('/users/:id', { schema: { tags, summary: 'Suppression : compte', params: idParams, response: { 200: okNullSchema } } }, async (request) => {
    await deleteAccount(contextOf(request), parseId(request.params.id));
    return ok(null);
  });
  app.post('/users/:id/suspend', { schema: { tags, summary: 'Suspendre un compte', params: idParams, response: { 200: okSchema(userRow) } } }, async (request) =>
    ok(await changeAccountStatus(contextOf(request), parseId(request.params.id), 'suspended')),
  );
  app.post('/users/:id/activate', { schema: { tags, summary: 'Réactiver un compte', params: idParams, response: { 200: okSchema(userRow) } } }, async (request) =>
    ok(await changeAccountStatus(contextOf(request), parseId(request.params.id), 'active')),
  );
  app.post(
    '/users/:id/changetype',
    { schema: { tags, summary: "Changer le type d'un compte", params: idParams, body: changeUserTypeBody, response: { 200: okSchema(userPermissionsSchema) } } },
    async (request) => ok(await changeUserType(contextOf(request), parseId(request.params.id), request.body.type)),
  );
  app.get('/users/:id/getpermissions', { schema: { tags, summary: "Rôles et permissions d'un compte", params: idParams, response: { 200: okSchema(userPermissionsSchema) } } }, async (request) =>
    ok(await getUserPermissions(contextOf(request), parseId(request.params.id))),
  );
  app.post(
    '/users/:id/assignrole',
    { schema: { tags, summary: 'Attribuer un rôle global', params: idParams, body: roleRefBody, response: { 200: okSchema(userPermissionsSchema) } } },
    async (request) => ok(await assignUserRole(contextOf(request), parseId(request.params.id), request.body)),
  );
  app.post(
    '/users/:id/removerole',
    { schema: { tags, summary: 'Retirer un rôle global', params: idParams, body: roleRefBody, response: { 200: okSchema(userPermissionsSchema) } } },
    async (request) => ok(await removeUserRole(contextOf(request), parseId(request.params.id), request.body)),
  );
}
