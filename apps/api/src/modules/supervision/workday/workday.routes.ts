import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { z } from 'zod';
import { okSchema } from '../../../http/response-schemas';
import { participationDefinitionSchema } from '../../surveys/surveys/participation-definition.schema';
import { myWorkday } from './workday.service';

/** WorkdayView of the contracts: the phone keeps all of it offline, so every key is named. */
const workdayTarget = z.object({
  kind: z.string(),
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  site_name: z.string().nullable(),
  geofence: z.object({ latitude: z.number(), longitude: z.number(), radius_m: z.number() }).nullable(),
});
const workdaySchema = z.object({
  generated_at: z.string(),
  company: z.object({ id: z.number().int(), name: z.string() }),
  monitors: z.array(
    z.object({
      id: z.number().int(),
      survey_code: z.string(),
      survey_title: z.string(),
      target_kind: z.string(),
      frequency: z.string(),
      target: workdayTarget,
      next_due_at: z.string(),
      overdue: z.boolean(),
      last_report_at: z.string().nullable(),
    }),
  ),
  contributions: z.array(z.object({ survey_code: z.string(), survey_title: z.string(), participation_id: z.number().int().nullable() })),
  places: z.array(workdayTarget),
  surveys: z.record(z.string(), participationDefinitionSchema).describe('La définition de chaque formulaire ci-dessus, par code (celle de GET surveys/{code}/participate)'),
});

/** `GET workday`: "Ma journée", the calling agent's assignments with all they need offline. */
export async function workdayRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/workday', { schema: { tags: ['supervision'], summary: 'Ma journée : affectations de l’agent, pour travailler hors ligne', response: { 200: okSchema(workdaySchema) } } }, async (request) =>
    ok((await myWorkday(contextOf(request))) as z.output<typeof workdaySchema>),
  );
}
