import { fileResponse } from '../../../http/file-responses';
import { okSchema } from '../../../http/response-schemas';
import { idParams, RECORD_ID_PATTERN, recordIdOf } from '@app/contracts';
import { SURVEY_TARGET_KINDS } from '@app/contracts/surveys';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { attachmentHeader } from '../exports/export-filename';
import { QR_CONTENT_TYPES, QR_DEFAULT_SIZE, QR_MAX_SIZE, QR_MIN_SIZE, renderQrCode } from '../qrcodes/qrcode.service';
import { qrDisposition } from '../qrcodes/qrcode-file';
import { publicBaseUrl } from '../qrcodes/qrcodes.routes';
import { publicRateLimit } from '../public/public-rate-limit';
import { PUBLIC_ROUTE } from '../../../http/route-access';
import { listSurveyTargets } from './survey-targets';
import { TARGET_BATCH_LIMIT, targetLink, targetSheet } from './targets.service';

const tags = ['targets'];
const kind = z.enum(SURVEY_TARGET_KINDS);
const targetParams = idParams.extend({ kind });
const kindParams = z.object({ kind });
const surveyCodeParams = z.object({ id: z.string().trim().min(1, 'Formulaire introuvable.').max(40, 'Formulaire introuvable.') });
const pickQuery = z.object({ q: z.string().max(100, 'Recherche : 100 caractères au plus.').optional() });

const qrQuery = z.object({
  size: z.coerce.number().int().min(QR_MIN_SIZE).max(QR_MAX_SIZE).default(QR_DEFAULT_SIZE),
  /** `1` asks for a download (Content-Disposition: attachment). */
  download: z.enum(['0', '1', 'true', 'false']).optional(),
});

const sheetQuery = z.object({
  site_id: z
    .string()
    .regex(RECORD_ID_PATTERN, { message: 'site_id : un identifiant de site est attendu.' })
    .transform((text, issue) => {
      const id = recordIdOf(text);
      if (id === null) issue.addIssue({ code: 'custom', message: 'site_id : un identifiant de site est attendu.' });
      return id ?? 0;
    })
    .optional(),
  /** Ids separated by commas: `ids=3,8,12`. */
  ids: z
    .string()
    .max(6000)
    .transform((text, issue) => {
      const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
      const ids = parts.map(recordIdOf);
      if (parts.length === 0 || ids.some((id) => id === null)) {
        issue.addIssue({ code: 'custom', message: 'ids : des identifiants séparés par des virgules sont attendus.' });
      } else if (ids.length > TARGET_BATCH_LIMIT) {
        issue.addIssue({ code: 'custom', message: `ids : au plus ${TARGET_BATCH_LIMIT} objets par feuille.` });
      }
      return ids as number[];
    })
    .optional(),
});

const siteRef = z.object({ id: z.number().int(), name: z.string() }).nullable();
/** TargetLink of the contracts. */
const targetLinkSchema = z.object({
  kind: z.string(),
  id: z.number().int(),
  name: z.string(),
  site: siteRef,
  code: z.string(),
  path: z.string(),
  url: z.string(),
  qrcode: z.object({ png: z.string(), svg: z.string() }),
});
/** SurveyTargetChoices of the contracts: what the answering page offers to pick. */
const surveyTargetChoices = z.object({
  kind: z.string(),
  listed: z.boolean(),
  targets: z.array(z.object({ kind: z.string(), id: z.number().int(), code: z.string(), name: z.string(), site_name: z.string().nullable() })),
  more: z.boolean(),
});
const QR_MEDIA_TYPES = { png: 'image/png', svg: 'image/svg+xml' } as const;

/**
 * Public codes and QR codes of evaluable objects (DOMAIN.md "Evaluation targets"): the
 * link of one, its QR code as PNG or SVG, and a printable PDF sheet of many.
 */
export async function targetsRoutes(parent: FastifyInstance, options: { config: Config }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { config } = options;

  // The survey's own link names no target: its respondent picks one (survey-targets.ts).
  // A lookup by public code, anonymous: limited like public/getobject.
  app.get(
    '/surveys/:id/targets',
    {
      schema: { tags, summary: "Cibles qu'un répondant peut évaluer avec le lien du formulaire (recherche par nom ou code)", params: surveyCodeParams, querystring: pickQuery, response: { 200: okSchema(surveyTargetChoices) } },
      config: { ...publicRateLimit(config), ...PUBLIC_ROUTE },
    },
    async (request) => ok(await listSurveyTargets(contextOf(request), request.params.id, request.query.q ?? '')),
  );

  app.get(
    '/targets/:kind/:id/link',
    { schema: { tags, summary: "Code public, lien et QR codes d'un objet évaluable", params: targetParams, response: { 200: okSchema(targetLinkSchema) } } },
    async (request) => ok(await targetLink(contextOf(request), request.params.kind, request.params.id, publicBaseUrl(config, request))),
  );

  for (const format of ['png', 'svg'] as const) {
    app.get(
      `/targets/:kind/:id/qrcode.${format}`,
      { schema: { tags, summary: `QR code du lien public d'un objet évaluable (${format.toUpperCase()})`, params: targetParams, querystring: qrQuery, response: { 200: fileResponse(QR_MEDIA_TYPES[format], `Le QR code (${format.toUpperCase()})`) } } },
      async (request, reply) => {
        const link = await targetLink(contextOf(request), request.params.kind, request.params.id, publicBaseUrl(config, request));
        const body = await renderQrCode(link.url, format, request.query.size);
        return reply
          .type(QR_CONTENT_TYPES[format])
          .header('cache-control', 'private, max-age=300')
          .header('content-disposition', qrDisposition(`qr-${link.kind}-${link.code}.${format}`, request.query.download))
          .send(body);
      },
    );
  }

  app.get(
    '/targets/:kind/qrcodes.pdf',
    {
      schema: {
        tags,
        summary: "Feuille PDF des QR codes d'objets évaluables (par ids, par site ou tous), le nom sous chaque code",
        params: kindParams,
        querystring: sheetQuery,
        response: { 200: fileResponse('application/pdf', 'La feuille de QR codes (PDF)') },
      },
    },
    async (request, reply) => {
      const { site_id, ids } = request.query;
      const file = await targetSheet(contextOf(request), request.params.kind, { siteId: site_id ?? null, ids: ids ?? null }, publicBaseUrl(config, request), (error) =>
        request.log.error({ err: error }, 'QR sheet failed mid-stream'),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentHeader(file.filename))
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );
}
