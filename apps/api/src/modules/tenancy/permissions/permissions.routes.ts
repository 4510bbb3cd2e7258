import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { parseId } from '../../../http/resource-routes';
import { getPermission, listPermissions } from './permissions.service';
import { permissionQueryDef } from './permissions.query';
import { idParams } from '@app/contracts';
import { okListSchema, okSchema, resourceRowSchema } from '../../../http/response-schemas';

const permissionRow = resourceRowSchema(permissionQueryDef);

const tags = ['permissions'];

/** Read-only: the catalogue comes from contracts and is seeded at start. */
export async function permissionsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/permissions', { schema: { tags, summary: 'Catalogue des permissions', response: { 200: okListSchema(permissionRow) } } }, async (request) => {
    const { rows, meta } = await listPermissions(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.post(
    '/permissions/search',
    { schema: { tags, summary: 'Recherche : permissions', body: z.looseObject({ input: z.string().max(200).optional() }), response: { 200: okListSchema(permissionRow) } } },
    async (request) => {
      const { rows, meta } = await listPermissions(contextOf(request), request.body);
      return okList(rows, meta);
    },
  );
  app.get('/permissions/:id', { schema: { tags, summary: 'Détail : permission', params: idParams, response: { 200: okSchema(permissionRow) } } }, async (request) =>
    ok(await getPermission(contextOf(request), parseId(request.params.id))),
  );
}
