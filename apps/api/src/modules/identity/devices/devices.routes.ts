import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../http/envelope';
import { okNullSchema, okSchema } from '../../../http/response-schemas';
import { parseId } from '../../../http/resource-routes';
import { clientOf, ensureSignedIn, requireSession } from '../auth/auth.http';
import { authText } from '../auth/auth.texts';
import { listDevices, logoutDevice } from './devices.service';
import { deviceInfoSchema, pathId } from '@app/contracts';

/** GET devices and GET auth/logout/{deviceId}. */
export async function devicesRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/devices', { preValidation: ensureSignedIn, schema: { tags: ['devices'], summary: 'Appareils connectés', response: { 200: okSchema(z.array(deviceInfoSchema)) } } }, async (request) => {
    const { actor, session } = requireSession(request);
    return ok(await listDevices(app.db, actor.userId, session.deviceId));
  });

  app.get(
    '/auth/logout/:deviceId',
    {
      preValidation: ensureSignedIn,
      schema: { tags: ['auth'], summary: 'Déconnexion d’un appareil', params: z.object({ deviceId: pathId }), response: { 200: okNullSchema } },
    },
    async (request) => {
      const { actor } = requireSession(request);
      await logoutDevice(app.db, app.events, actor.userId, parseId(request.params.deviceId));
      return ok(null, authText(clientOf(request).locale, 'deviceLoggedOut'));
    },
  );
}
