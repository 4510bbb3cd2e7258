import { idParams } from '@app/contracts';
import { pageQuery } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok, okList } from '../../../http/envelope';
import { okListSchema, okSchema } from '../../../http/response-schemas';
import { notificationSchema } from '../messaging.responses';
import { parseId } from '../../../http/resource-routes';
import { countUnreadNotifications, listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.service';

const tags = ['notifications'];
const listQuery = pageQuery.extend({ unread: z.enum(['0', '1', 'true', 'false'], { error: 'unread vaut 1 ou 0.' }).optional() });

/** The bell: the caller's notifications, unread count, marking read (API.md "Notifications"). */
export async function notificationsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/notifications', { schema: { tags, summary: 'Mes notifications (20 par page)', querystring: listQuery, response: { 200: okListSchema(notificationSchema) } } }, async (request) => {
    const { unread, ...page } = request.query;
    const { rows, meta } = await listNotifications(contextOf(request), { ...page, unread: unread === '1' || unread === 'true' });
    return okList(rows, meta);
  });
  app.get('/notifications/unread/count', { schema: { tags, summary: 'Nombre de notifications non lues', response: { 200: okSchema(z.object({ count: z.number().int() })) } } }, async (request) =>
    ok(await countUnreadNotifications(contextOf(request))),
  );
  app.post('/notifications/read', { schema: { tags, summary: 'Tout marquer comme lu', response: { 200: okSchema(z.object({ updated: z.number().int() })) } } }, async (request) =>
    ok(await markAllNotificationsRead(contextOf(request))),
  );
  app.post(
    '/notifications/:id/read',
    { schema: { tags, summary: 'Marquer une notification comme lue', params: idParams, response: { 200: okSchema(notificationSchema) } } },
    async (request) => ok(await markNotificationRead(contextOf(request), parseId(request.params.id))),
  );
}
