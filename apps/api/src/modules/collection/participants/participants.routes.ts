import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import type { RequestContext } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { notFound } from '../../../http/errors';
import { getOne, parseQueryObject, runListQuery } from '../../../http/query';
import { parseId } from '../../../http/resource-routes';
import { includesOf, requirePermission, tenantQuery } from '../../tenancy/companies/tenancy';
import { participantQueryDef } from './participants.query';
import { idParams } from '@app/contracts';
import { okListSchema, okSchema, resourceRowSchema } from '../../../http/response-schemas';

const participantRow = resourceRowSchema(participantQueryDef);

/** People who answered without an account are created by participations; the company reads them. */
export async function listParticipants(ctx: RequestContext, rawQuery: unknown) {
  requirePermission(ctx, 'participants.list');
  const { def, scope } = tenantQuery(ctx, participantQueryDef);
  return runListQuery(ctx.db, def, parseQueryObject(rawQuery, def), scope);
}

export async function getParticipant(ctx: RequestContext, id: number, rawQuery?: unknown) {
  requirePermission(ctx, 'participants.show');
  const { def, scope } = tenantQuery(ctx, participantQueryDef);
  const row = await getOne(ctx.db, def, id, scope, includesOf(rawQuery, def));
  if (!row) throw notFound();
  return row;
}

export async function participantsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = ['participants'];
  app.get('/participants', { schema: { tags, summary: 'Liste : participants sans compte', response: { 200: okListSchema(participantRow) } } }, async (request) => {
    const { rows, meta } = await listParticipants(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.get('/participants/:id', { schema: { tags, summary: 'Détail : participant', params: idParams, response: { 200: okSchema(participantRow) } } }, async (request) =>
    ok(await getParticipant(contextOf(request), parseId(request.params.id), request.query)),
  );
}
