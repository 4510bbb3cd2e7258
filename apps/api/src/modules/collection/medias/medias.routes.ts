import { fileResponse } from '../../../http/file-responses';
import { okListSchema, okSchema, resourceRowSchema } from '../../../http/response-schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config';
import { contextOf } from '../../../http/actor';
import { assertNoNulInFields } from '../../../http/bad-input';
import { addressKey } from '../../../http/client-address';
import { ok, okList } from '../../../http/envelope';
import { AppError, validationFailed } from '../../../http/errors';
import { parseQueryObject, runListQuery } from '../../../http/query';
import { parseId } from '../../../http/resource-routes';
import { createThrottleStore } from '../../identity/auth/throttle';
import { requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import { sendMediaFile } from './media-file';
import { discardUpload, fileTooLarge, stageUpload, type StagedFile } from './media-storage';
import { mediaQueryDef } from './medias.query';
import { findReadableMedia, HARD_MAX_BYTES, mediaView, prepareUpload, saveUpload, type UploadTarget } from './medias.service';
import { resumableUploadsRoutes } from './resumable-uploads.routes';
import { AnonymousUploadBudget } from './upload-budget';
import { idParams } from '@app/contracts';
import { PUBLIC_ROUTE } from '../../../http/route-access';
import { mediaText } from './medias.texts';

const keyQuery = z.looseObject({ key: z.string().max(100).optional() });
const tags = ['medias'];

/** Room in a multipart body for the boundaries, part headers and the few small fields. */
const MULTIPART_ENVELOPE_BYTES = 16 * 1024;

/** The file a multipart body announces by its Content-Length, or null when it declares none. */
function declaredFileBytes(request: FastifyRequest): number | null {
  const declared = Number(request.headers['content-length']);
  return Number.isFinite(declared) && declared > 0 ? Math.max(0, declared - MULTIPART_ENVELOPE_BYTES) : null;
}

/**
 * Reads the multipart fields, then streams the one file part to disk under the target's
 * limits. A body whose declared length already exceeds the limit is refused before the
 * file is read at all; otherwise reading stops at the limit.
 */
async function receiveUpload(
  request: FastifyRequest,
  config: Pick<Config, 'DATA_DIR' | 'ANON_UPLOAD_MAX_MB'>,
): Promise<{ target: UploadTarget; staged: StagedFile; filename: string }> {
  const { locale } = contextOf(request);
  if (!request.isMultipart()) throw validationFailed({ file: [mediaText(locale, 'multipartRequired')] });
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: HARD_MAX_BYTES + 1, files: 1, fields: 10 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      let target: UploadTarget;
      try {
        assertNoNulInFields({ ...fields, filename: part.filename });
        target = await prepareUpload(contextOf(request), fields, { anonymousMaxBytes: config.ANON_UPLOAD_MAX_MB * 1024 * 1024 });
        const declared = Number(request.headers['content-length']);
        if (declared > target.maxBytes + MULTIPART_ENVELOPE_BYTES) throw fileTooLarge(target.maxBytes, locale);
      } catch (error) {
        part.file.resume();
        throw error;
      }
      const staged = await stageUpload(config.DATA_DIR, part.file, target.maxBytes, locale);
      return { target, staged, filename: part.filename };
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'payload_too_large', mediaText(locale, 'tooLarge'));
    throw error;
  }
  throw validationFailed({ file: [mediaText(locale, 'fileMissing')] });
}

/**
 * POST medias (multipart: question_id, survey_code, client_uuid, then file) and the guarded reads
 * GET medias, medias/{id}, medias/{id}/content. Uploads sent without a session are limited
 * per client address, in number per window and in bytes per 24 h (upload-budget.ts).
 */
/** medias.service `mediaView`: what an upload answers (the offline queue keeps its id) and a file's detail. */
const mediaSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int().nullable(),
  kind: z.string(),
  mime: z.string(),
  size: z.number().int(),
  checksum: z.string(),
  original_name: z.string().nullable(),
  url: z.string(),
  created_at: z.string(),
});

export async function mediasRoutes(parent: FastifyInstance, options: { config: Config }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { config } = options;
  const budget = new AnonymousUploadBudget(createThrottleStore(config, parent.db), config);
  parent.addHook('onClose', () => budget.close());
  // Its own plugin: the piece's content type parser stays with its routes.
  await parent.register(resumableUploadsRoutes, { config });

  app.post(
    '/medias',
    {
      schema: { tags, summary: 'Envoyer un fichier (réponse à une question ou document de l’entreprise)', response: { 201: okSchema(mediaSchema) } },
      config: {
        ...PUBLIC_ROUTE,
        upload: {
          file: 'file',
          fields: {
            question_id: 'Question à laquelle le fichier répond (avec survey_code et client_uuid)',
            survey_code: 'Code public du formulaire',
            client_uuid: 'Clé client_uuid de la participation',
            chatroom_id: 'Pièce jointe d’une conversation (au lieu d’une question)',
          },
        },
        rateLimit: {
          max: (request: FastifyRequest) => (request.headers.authorization ? config.RATE_LIMIT_MAX : config.ANON_UPLOAD_RATE_LIMIT_MAX),
          timeWindow: config.RATE_LIMIT_WINDOW_MS,
          keyGenerator: (request: FastifyRequest) => `${request.headers.authorization ? 'auth' : 'anon'}-upload:${addressKey(request.ip)}`,
        },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      if (!ctx.actor) await budget.assertRoom(request.ip, declaredFileBytes(request), ctx.locale);
      const { target, staged, filename } = await receiveUpload(request, config);
      const save = () => saveUpload(ctx, config.DATA_DIR, target, staged, filename);
      const media = ctx.actor ? await save() : await budget.spendOn(request.ip, staged.size, ctx.locale, save).catch(async (error) => {
        await discardUpload(staged);
        throw error;
      });
      return reply.status(201).send(ok(media, mediaText(ctx.locale, 'fileSaved')));
    },
  );

  app.get('/medias', { schema: { tags, summary: 'Liste : fichiers de l’entreprise', response: { 200: okListSchema(resourceRowSchema(mediaQueryDef)) } } }, async (request) => {
    const ctx = contextOf(request);
    requirePermission(ctx, 'medias.list');
    const { companyId } = requireCompany(ctx);
    const { rows, meta } = await runListQuery(ctx.db, mediaQueryDef, parseQueryObject(request.query, mediaQueryDef), { companyId });
    return okList(rows, meta);
  });

  app.get('/medias/:id', { schema: { tags, summary: 'Détail : fichier', params: idParams, querystring: keyQuery, response: { 200: okSchema(mediaSchema) } }, config: PUBLIC_ROUTE }, async (request) =>
    ok(mediaView(await findReadableMedia(contextOf(request), parseId(request.params.id), request.query.key))),
  );

  app.get(
    '/medias/:id/content',
    { schema: { tags, summary: 'Contenu d’un fichier (?key=client_uuid pour un envoi anonyme)', params: idParams, querystring: keyQuery, response: { 200: fileResponse('*/*', 'Le fichier, avec son type (Content-Type)') } }, config: PUBLIC_ROUTE },
    async (request, reply) =>
      sendMediaFile(reply, config.DATA_DIR, await findReadableMedia(contextOf(request), parseId(request.params.id), request.query.key)),
  );
}
