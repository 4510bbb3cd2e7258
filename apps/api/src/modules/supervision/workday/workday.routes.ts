import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { myWorkday } from './workday.service';

/** `GET workday`: "Ma journée", the calling agent's assignments with all they need offline. */
export async function workdayRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/workday', { schema: { tags: ['supervision'], summary: 'Ma journée : affectations de l’agent, pour travailler hors ligne' } }, async (request) =>
    ok(await myWorkday(contextOf(request))),
  );
}
