import { activityFilterQuery } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { okList } from '../../../http/envelope';
import { fileResponse, XLSX_MEDIA_TYPE } from '../../../http/file-responses';
import { okListSchema } from '../../../http/response-schemas';
import { z } from 'zod';
import { attachmentHeader } from '../../collection/exports/export-filename';
import { exportActivityLog, listCompanyActivities } from './activities.service';

const tags = ['activities'];

/** ActivityView of the contracts. */
const activitySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  agent_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  target_kind: z.string().nullable(),
  target_id: z.number().int().nullable(),
  target_name: z.string().nullable(),
  subject_type: z.string().nullable(),
  subject_id: z.number().int().nullable(),
  subject_name: z.string().nullable(),
  monitor_id: z.number().int().nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

/** The timeline (`GET activities`) and its workbook (`GET logs/export/xlsx`). */
export async function activitiesRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/activities', { schema: { tags, summary: 'Activités (journal) de l’entreprise', querystring: activityFilterQuery, response: { 200: okListSchema(activitySchema) } } }, async (request) => {
    const { rows, meta } = await listCompanyActivities(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.get(
    '/logs/export/xlsx',
    { schema: { tags, summary: 'Exporter le journal des activités (xlsx)', querystring: activityFilterQuery.omit({ page: true, limit: true }),
        response: { 200: fileResponse(XLSX_MEDIA_TYPE, 'Le journal des activités (classeur xlsx)') },
      },
     },
    async (request, reply) => {
      const file = await exportActivityLog(contextOf(request), request.query, (error) =>
        request.log.error({ err: error }, 'activity log export failed mid-stream'),
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentHeader(file.filename))
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );
}
