import { activityFilterQuery } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../../http/actor';
import { okList } from '../../../http/envelope';
import { attachmentHeader } from '../../collection/exports/export-filename';
import { exportActivityLog, listCompanyActivities } from './activities.service';

const tags = ['activities'];

/** The timeline (`GET activities`) and its workbook (`GET logs/export/xlsx`). */
export async function activitiesRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get('/activities', { schema: { tags, summary: 'Activités (journal) de l’entreprise', querystring: activityFilterQuery } }, async (request) => {
    const { rows, meta } = await listCompanyActivities(contextOf(request), request.query);
    return okList(rows, meta);
  });
  app.get(
    '/logs/export/xlsx',
    { schema: { tags, summary: 'Exporter le journal des activités (xlsx)', querystring: activityFilterQuery.omit({ page: true, limit: true }) } },
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
