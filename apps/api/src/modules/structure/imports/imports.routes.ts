import { IMPORT_MAX_BYTES, type ImportKind } from '@app/contracts/structure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { AppError, validationFailed } from '../../../http/errors';
import { parseId } from '../../../http/resource-routes';
import type { Config } from '../../../config';
import { publicBaseUrl } from '../../collection/qrcodes/qrcodes.routes';
import { importFile, requireOwnCompany, type UploadedFile } from './imports.service';
import { attachmentHeader } from '../../collection/exports/export-filename';
import { buildSample, sampleFileName } from './samples';
import { idParams } from '@app/contracts';
import { fileResponse, XLSX_MEDIA_TYPE } from '../../../http/file-responses';
import { okSchema } from '../../../http/response-schemas';
import { importText } from './imports.texts';

/** imports.service `importFile`: the report; a dry run adds the first rows as read (the file's own columns). */
const importReport = z.object({
  kind: z.string(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  already_imported: z.boolean(),
  preview: z.array(z.record(z.string(), z.unknown())).optional().describe('dry_run : les premières lignes lues (colonnes du fichier et numéro de ligne)'),
});

const tags = ['companies'];
const params = idParams;
const sampleQuery = z.looseObject({ format: z.enum(['xlsx', 'csv'], { message: 'Format inconnu (xlsx ou csv)' }).optional() });
/** `?dry_run=true`: check the file and show its first rows, write nothing (the preview). */
const dryRunQuery = z.looseObject({ dry_run: z.string().optional() });
const MB = Math.round(IMPORT_MAX_BYTES / 1024 / 1024);
const tooLarge = (locale: string) =>
  new AppError(413, 'payload_too_large', importText(locale, 'tooLarge', { mb: MB }), { file: [importText(locale, 'tooLargeField', { mb: MB })] });

/** The one file of a multipart request, whole in memory (at most IMPORT_MAX_BYTES). */
async function readUpload(request: FastifyRequest): Promise<UploadedFile> {
  const { locale } = contextOf(request);
  if (!request.isMultipart()) throw validationFailed({ file: [importText(locale, 'multipartRequired')] });
  if (Number(request.headers['content-length']) > IMPORT_MAX_BYTES + 64 * 1024) throw tooLarge(locale);
  try {
    const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
    if (!part) throw validationFailed({ file: [importText(locale, 'fileMissing')] });
    const buffer = await part.toBuffer();
    if (buffer.length === 0) throw validationFailed({ file: [importText(locale, 'fileEmpty')] });
    return { buffer, fileName: part.filename || 'import' };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(locale);
    throw error;
  }
}

function registerImport(app: FastifyInstance, config: Config, path: string, kind: ImportKind, label: string) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(`/companies/:id/${path}`, { schema: { tags, summary: `Importer ${label} (xlsx ou csv)`, params, querystring: dryRunQuery, response: { 200: okSchema(importReport) } }, config: { upload: { file: 'file' } } }, async (request) => {
    const ctx = contextOf(request);
    const companyId = parseId(request.params.id);
    // Who may import is checked before the file is read.
    requireOwnCompany(ctx, companyId, kind);
    const dryRun = request.query.dry_run === 'true' || request.query.dry_run === '1';
    return ok(await importFile(ctx, companyId, kind, await readUpload(request), { dryRun, linkBase: publicBaseUrl(config, request) }));
  });
  typed.get(
    `/companies/:id/${path}/sample`,
    { schema: { tags, summary: `Fichier modèle : ${label}`, params, querystring: sampleQuery, response: { 200: fileResponse([XLSX_MEDIA_TYPE, 'text/csv'], 'Le fichier modèle (xlsx, ou csv avec format=csv)') } } },
    async (request, reply) => {
      const ctx = contextOf(request);
      requireOwnCompany(ctx, parseId(request.params.id), kind);
      const format = request.query.format ?? 'xlsx';
      const body = await buildSample(kind, format, ctx.locale);
      const type = format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      return reply
        .header('content-type', type)
        .header('content-disposition', attachmentHeader(sampleFileName(kind, format, ctx.locale)))
        .send(body);
    },
  );
}

/** POST companies/{id}/importagents and importworkspaces (multipart), and their sample files. */
export async function importsRoutes(app: FastifyInstance, options: { config: Config }) {
  registerImport(app, options.config, 'importagents', 'agents', 'des agents');
  registerImport(app, options.config, 'importworkspaces', 'workspaces', 'des espaces de travail');
}
