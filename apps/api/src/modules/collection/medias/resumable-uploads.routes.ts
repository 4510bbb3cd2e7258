import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordId } from '@app/contracts';
import { z } from 'zod';
import type { Config } from '../../../config';
import { contextOf } from '../../../http/actor';
import { addressKey } from '../../../http/client-address';
import { ok } from '../../../http/envelope';
import { AppError } from '../../../http/errors';
import { okSchema } from '../../../http/response-schemas';
import { PUBLIC_ROUTE } from '../../../http/route-access';
import { createThrottleStore } from '../../identity/auth/throttle';
import { HARD_MAX_BYTES } from './medias.service';
import { UPLOAD_CONTENT_TYPE } from './resumable-uploads.service';
import { completeUpload } from './upload-complete';
import { findOwnUpload, startUpload, uploadStatusView } from './upload-open';
import { receivePiece } from './upload-piece';
import { AnonymousUploadBudget } from './upload-budget';
import { mediaText } from './medias.texts';

const tags = ['medias'];
/** What a piece's body parses to (the bytes stay in the request's stream). */
const PIECE_BODY = Object.freeze({ piece: true });

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
const statusSchema = z.object({
  id: z.string(),
  size: z.number().int(),
  offset: z.number().int().describe('Octets reçus : le prochain morceau part de là'),
  completing: z.boolean().describe('Le fichier est en cours d’enregistrement : redemandez son état dans un instant'),
  media: mediaSchema.nullable().describe('Le fichier enregistré, une fois le dernier octet reçu'),
  expires_at: z.string().describe('Sans nouveau morceau d’ici là, l’envoi est abandonné et effacé'),
});

const field = recordId.transform(String).optional();
const startBody = z.object({
  question_id: field,
  survey_code: z.string().max(100).optional(),
  client_uuid: z.string().max(100).optional(),
  chatroom_id: field,
  filename: z.string().min(1, 'Indiquez le nom du fichier.').max(200),
  size: z.number({ error: 'Indiquez la taille du fichier en octets.' }).int().min(0).max(HARD_MAX_BYTES, 'Le fichier dépasse 100 Mo.'),
});
const uploadParams = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) });
const keyQuery = z.looseObject({ key: z.string().max(100).optional() });
const offsetHeaders = z.looseObject({
  'upload-offset': z.coerce.number({ error: 'En-tête Upload-Offset : le nombre d’octets déjà reçus.' }).int().min(0),
});

function declaredLength(request: FastifyRequest): number | null {
  const n = Number(request.headers['content-length']);
  return Number.isFinite(n) && n >= 0 && request.headers['content-length'] !== undefined ? n : null;
}

/**
 * POST medias/uploads (announce a file), GET medias/uploads/{id} (where to resume) and
 * PATCH medias/uploads/{id} (one piece, `Content-Type: application/offset+octet-stream`,
 * `Upload-Offset`). Same senders and limits as POST medias (medias.routes.ts): anonymous
 * senders give their client_uuid (and `?key=` it afterwards) and spend the same budget,
 * reserved when the upload opens. Pieces are rate limited per account when signed in,
 * per address otherwise.
 */
export async function resumableUploadsRoutes(parent: FastifyInstance, options: { config: Config }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { config } = options;
  const limits = { anonymousMaxBytes: config.ANON_UPLOAD_MAX_MB * 1024 * 1024 };
  const budget = new AnonymousUploadBudget(createThrottleStore(config, parent.db), config);
  parent.addHook('onClose', () => budget.close());
  // The piece is streamed to disk by the handler, never buffered (nor capped by bodyLimit).
  // The body is left a marker, not the stream: the input hooks (http/bad-input.ts) walk
  // the body, and a socket's object graph is no input. The handler reads request.raw.
  parent.addContentTypeParser(UPLOAD_CONTENT_TYPE, (_request, _payload, done) => done(null, PIECE_BODY));
  const rateLimit = {
    max: (request: FastifyRequest) => (request.actor ? config.RATE_LIMIT_MAX : config.ANON_UPLOAD_RATE_LIMIT_MAX * 20),
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    // The route's hook runs after the sign-in hook: an agent is counted as themselves, so
    // colleagues behind one office or operator address do not spend each other's pieces.
    keyGenerator: (request: FastifyRequest) => (request.actor ? `user-upload-piece:${request.actor.userId}` : `anon-upload-piece:${addressKey(request.ip)}`),
  };

  app.post(
    '/medias/uploads',
    {
      schema: { tags, summary: 'Annoncer un fichier envoyé en morceaux (envoi reprenable)', body: startBody, response: { 201: okSchema(statusSchema) } },
      config: { ...PUBLIC_ROUTE, mayAskSignIn: true, rateLimit },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const { filename, size, ...rest } = request.body;
      const fields = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Record<string, string>;
      const row = await startUpload(ctx, config.DATA_DIR, { fields, filename, size }, limits, { ip: request.ip, budget });
      return reply.status(201).send(ok(await uploadStatusView(ctx, row), mediaText(ctx.locale, 'uploadOpened')));
    },
  );

  app.get(
    '/medias/uploads/:id',
    {
      schema: { tags, summary: 'État d’un envoi en morceaux (octets reçus, fichier une fois complet)', params: uploadParams, querystring: keyQuery, response: { 200: okSchema(statusSchema) } },
      config: { ...PUBLIC_ROUTE, mayAskSignIn: true },
    },
    async (request) => {
      const ctx = contextOf(request);
      return ok(await uploadStatusView(ctx, await findOwnUpload(ctx, request.params.id, request.query.key)));
    },
  );

  app.patch(
    '/medias/uploads/:id',
    {
      schema: {
        tags,
        summary: 'Envoyer un morceau à partir de Upload-Offset (application/offset+octet-stream)',
        params: uploadParams,
        querystring: keyQuery,
        headers: offsetHeaders,
        response: { 200: okSchema(statusSchema) },
      },
      config: { ...PUBLIC_ROUTE, mayAskSignIn: true, rateLimit },
    },
    async (request) => {
      const ctx = contextOf(request);
      if (request.body !== PIECE_BODY) throw new AppError(415, 'unsupported_media_type', mediaText(ctx.locale, 'pieceContentType', { type: UPLOAD_CONTENT_TYPE }));
      const body: NodeJS.ReadableStream = request.raw;
      let row = await findOwnUpload(ctx, request.params.id, request.query.key);
      row = await receivePiece(config.DATA_DIR, ctx, row, request.headers['upload-offset'], body, declaredLength(request));
      const ip = request.ip;
      // Opened without a session, its size is already reserved in the budget; an upload
      // opened before reservations existed spends it now, as POST medias does.
      const reserved = row.reserved_kib > 0;
      row = await completeUpload(ctx, config.DATA_DIR, row, (_target, staged, _name, save) => (ctx.actor || reserved ? save() : budget.spendOn(ip, staged.size, ctx.locale, save)), limits, budget);
      return ok(await uploadStatusView(ctx, row));
    },
  );
}
