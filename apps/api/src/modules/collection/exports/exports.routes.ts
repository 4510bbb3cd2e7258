import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { parseId } from '../../../http/resource-routes';
import { attachmentHeader } from './export-filename';
import { isKnownTimeZone } from './export-time';
import { exportParticipationsOptions, parseExportOptions } from './exports.schemas';
import { exportParticipationPdf } from './participation-pdf.service';
import { exportParticipations } from './participations-export.service';
import { idParams } from '@app/contracts';
import { fileResponse, XLSX_MEDIA_TYPE } from '../../../http/file-responses';

const looseOptions = z.looseObject({}).nullish();
/** The export options a link may carry (checked, with their French errors, by parseExportOptions). */
const exportQuery = z.object(Object.fromEntries(Object.keys(exportParticipationsOptions.shape).map((key) => [key, z.unknown().optional()])));
const pdfQuery = z.object({ tz: z.unknown().optional() });
const tags = ['exports'];
const exportFile = { 200: fileResponse([XLSX_MEDIA_TYPE, 'text/csv'], 'Les participations (xlsx, ou csv selon le format demandé)') };
const pdfFile = { 200: fileResponse('application/pdf', 'La participation (PDF)') };

export interface ExportsRoutesOptions {
  /** DATA_DIR: uploaded files (photos embedded in PDFs) live under DATA_DIR/uploads. */
  dataDir: string;
}

/** The server's own address as the client reached it, for links to uploaded files. */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function sendFile(reply: FastifyReply, file: { filename: string; contentType: string; stream: NodeJS.ReadableStream }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentHeader(file.filename))
    .header('cache-control', 'no-store')
    .send(file.stream);
}

/**
 * Section 7: `surveys/{id}/exportparticipations` (xlsx or csv, streamed) and
 * `participations/{id}/export` (PDF). POST is the route of the description; GET takes
 * the same options in the query string, for links a client opens with fetch.
 */
export async function exportsRoutes(parent: FastifyInstance, options: ExportsRoutesOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  const exportSurvey = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const ctx = contextOf(request);
    const surveyId = parseId(request.params.id);
    const exportOptions = parseExportOptions(request.query, request.body, ctx.locale);
    const file = await exportParticipations(ctx, surveyId, exportOptions, originOf(request), {
      onError: (error) => request.log.error({ err: error, surveyId }, 'participations export failed mid-stream'),
    });
    return sendFile(reply, file);
  };
  const summary = 'Exporter les participations (xlsx ou csv)';
  app.post('/surveys/:id/exportparticipations', { schema: { tags, summary, params: idParams, body: looseOptions, response: exportFile } }, exportSurvey);
  app.get('/surveys/:id/exportparticipations', { schema: { tags, summary, params: idParams, querystring: exportQuery, response: exportFile } }, exportSurvey);

  const exportPdf = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const query = request.query as { tz?: unknown };
    const tz = typeof query.tz === 'string' && isKnownTimeZone(query.tz) ? query.tz : undefined;
    const file = await exportParticipationPdf(contextOf(request), parseId(request.params.id), { dataDir: options.dataDir, origin: originOf(request) }, tz);
    return sendFile(reply, { ...file, contentType: 'application/pdf' });
  };
  const pdfSummary = 'Participation en PDF';
  app.post('/participations/:id/export', { schema: { tags, summary: pdfSummary, params: idParams, body: looseOptions, response: pdfFile } }, exportPdf);
  app.get('/participations/:id/export', { schema: { tags, summary: pdfSummary, params: idParams, querystring: pdfQuery, response: pdfFile } }, exportPdf);
}
