import { createMonitorBody, idParams, monitorChangeStateBody, updateMonitorBody } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { parseId, registerResourceRoutes } from '../../../http/resource-routes';
import { okSchema, resourceRowSchema } from '../../../http/response-schemas';
import { roomDetailSchema } from '../../messaging/messaging.responses';
import { openMonitorChatroom } from './monitor-chatroom';
import { changeMonitorState, monitorsService } from './monitors.service';

const tags = ['monitors'];

/** Monitors (supervision assignments): the regular routes, changestate, and the monitor's conversation. */
export async function monitorsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  registerResourceRoutes(app, { service: monitorsService, createBody: createMonitorBody, updateBody: updateMonitorBody, label: 'supervisions' });
  app.post(
    '/monitors/:id/changestate',
    { schema: { tags, summary: "Activer ou désactiver une supervision", params: idParams, body: monitorChangeStateBody, response: { 200: okSchema(resourceRowSchema(monitorsService.def, monitorsService.extraFields)) } } },
    async (request) => ok(await changeMonitorState(contextOf(request), parseId(request.params.id), request.body?.status)),
  );
  app.post(
    '/monitors/:id/chatroom',
    { schema: { tags, summary: "La conversation d'une supervision (ouverte au premier appel)", params: idParams, response: { 200: okSchema(roomDetailSchema) } } },
    async (request) => ok(await openMonitorChatroom(contextOf(request), parseId(request.params.id))),
  );
}
