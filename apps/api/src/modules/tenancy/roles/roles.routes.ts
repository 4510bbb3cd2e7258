import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { changeRoleStateBody, createRoleBody, permissionRefBody, updateRoleBody } from './roles.schemas';
import {
  assignRolePermission,
  changeRoleState,
  createRole,
  deleteRole,
  getRole,
  getRolePermissions,
  listRoles,
  removeRolePermission,
  updateRole,
} from './roles.service';
import { idParams } from '@app/contracts';
import { okListSchema, okNullSchema, okSchema, resourceRowSchema } from '../../../http/response-schemas';
import { roleQueryDef } from './roles.query';
import { rolePermissionsSchema } from './roles.responses';

const roleRow = resourceRowSchema(roleQueryDef);

const searchBody = z.looseObject({ input: z.string().max(200).optional() });
const tags = ['roles'];

export async function rolesRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/roles', { schema: { tags, summary: "Rôles de l'entreprise active et rôles globaux", response: { 200: okListSchema(roleRow) } } }, async (request) => {
    const { rows, meta } = await listRoles(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.post('/roles/search', { schema: { tags, summary: 'Recherche : rôles', body: searchBody, response: { 200: okListSchema(roleRow) } } }, async (request) => {
    const { rows, meta } = await listRoles(contextOf(request), request.body);
    return okList(rows, meta);
  });
  app.get('/roles/:id', { schema: { tags, summary: 'Détail : rôle', params: idParams, response: { 200: okSchema(roleRow) } } }, async (request) =>
    ok(await getRole(contextOf(request), parseId(request.params.id), request.query)),
  );
  app.post('/roles', { schema: { tags, summary: 'Création : rôle', body: createRoleBody, response: { 201: okSchema(roleRow) } } }, async (request, reply) =>
    reply.status(201).send(ok(await createRole(contextOf(request), request.body))),
  );
  app.post('/roles/:id', { schema: { tags, summary: 'Mise à jour : rôle', params: idParams, body: updateRoleBody, response: { 200: okSchema(roleRow) } } }, async (request) =>
    ok(await updateRole(contextOf(request), parseId(request.params.id), request.body)),
  );
  app.delete('/roles/:id', { schema: { tags, summary: 'Suppression : rôle', params: idParams, response: { 200: okNullSchema } } }, async (request) => {
    await deleteRole(contextOf(request), parseId(request.params.id));
    return ok(null);
  });
  app.post(
    '/roles/:id/changestate',
    { schema: { tags, summary: "Activer ou désactiver un rôle", params: idParams, body: changeRoleStateBody, response: { 200: okSchema(roleRow) } } },
    async (request) => ok(await changeRoleState(contextOf(request), parseId(request.params.id), request.body)),
  );
  app.get('/roles/:id/getpermissions', { schema: { tags, summary: "Permissions d'un rôle", params: idParams, response: { 200: okSchema(rolePermissionsSchema) } } }, async (request) =>
    ok(await getRolePermissions(contextOf(request), parseId(request.params.id))),
  );
  app.post(
    '/roles/:id/assignpermission',
    { schema: { tags, summary: 'Ajouter une permission à un rôle', params: idParams, body: permissionRefBody, response: { 200: okSchema(rolePermissionsSchema) } } },
    async (request) => ok(await assignRolePermission(contextOf(request), parseId(request.params.id), request.body)),
  );
  app.post(
    '/roles/:id/removepermission',
    { schema: { tags, summary: "Retirer une permission d'un rôle", params: idParams, body: permissionRefBody, response: { 200: okSchema(rolePermissionsSchema) } } },
    async (request) => ok(await removeRolePermission(contextOf(request), parseId(request.params.id), request.body)),
  );
}
