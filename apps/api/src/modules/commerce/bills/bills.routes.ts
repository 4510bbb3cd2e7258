import type { FastifyInstance } from 'fastify';
import { contextOf } from '../../../http/actor';
import { fileResponse, XLSX_MEDIA_TYPE } from '../../../http/file-responses';
import { requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import { attachmentHeader } from '../../collection/exports/export-filename';
import { streamBillsXlsx } from './bills.export';
import { billsExportText } from './bills-export.texts';

/** GET bills/export/xlsx: the active company's billed usage lines, streamed, in the reader's language. */
export async function billsRoutes(app: FastifyInstance) {
  app.get('/bills/export/xlsx', { schema: { tags: ['bills'], summary: 'Exporter la facturation (xlsx)', response: { 200: fileResponse(XLSX_MEDIA_TYPE, 'Les lignes de facturation (classeur xlsx)') } } }, async (request, reply) => {
    const ctx = contextOf(request);
    requirePermission(ctx, 'bills.export');
    const { companyId } = requireCompany(ctx);
    const stream = streamBillsXlsx(ctx.db, companyId, ctx.locale, (error) => request.log.error({ err: error }, 'bills export failed mid-stream'));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', attachmentHeader(`${billsExportText(ctx.locale, 'file')}-${day}.xlsx`))
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
}
