import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { notFound } from '../../../http/errors';
import { parseId } from '../../../http/resource-routes';
import { requirePermission } from '../../tenancy/companies/tenancy';
import { publicRateLimit } from '../public/public-rate-limit';
import { findSurveyByRef } from '../../surveys/surveys/survey-participation';
import { findCallerSurvey } from '../../surveys/surveys/surveys.service';
import { fileResponse } from '../../../http/file-responses';
import { okSchema } from '../../../http/response-schemas';
import { qrFileDisposition } from './qrcode-file';
import { QR_CONTENT_TYPES, QR_DEFAULT_SIZE, QR_MAX_SIZE, QR_MIN_SIZE, type QrFormat, renderQrCode, surveyPublicUrl } from './qrcode.service';
import { surveyPublicPath } from '@app/contracts/surveys';
import { idParams } from '@app/contracts';
import { PUBLIC_ROUTE } from '../../../http/route-access';

const tags = ['surveys'];
const qrQuery = z.object({
  size: z.coerce.number().int().min(QR_MIN_SIZE).max(QR_MAX_SIZE).default(QR_DEFAULT_SIZE),
  /** `1` asks for a download (Content-Disposition: attachment). */
  download: z.enum(['0', '1', 'true', 'false']).optional(),
});

/** The absolute base of public links: PUBLIC_BASE_URL, else the host the caller reached. */
export function publicBaseUrl(config: Pick<Config, 'PUBLIC_BASE_URL'>, request: FastifyRequest): string {
  return config.PUBLIC_BASE_URL ?? `${request.protocol}://${request.host}`;
}

/** The media types the QR answers document (QR_CONTENT_TYPES without the charset parameter). */
const QR_MEDIA_TYPES = { png: 'image/png', svg: 'image/svg+xml' } as const;
const qrFiles = z.object({ png: z.string(), svg: z.string() });
/** GET surveys/{id}/link: the public link and where its QR codes are. */
const surveyLinkSchema = z.object({ code: z.string(), path: z.string(), url: z.string(), qrcode: qrFiles, public_qrcode: qrFiles });

async function sendQr(
  reply: FastifyReply,
  url: string,
  code: string,
  format: QrFormat,
  query: z.infer<typeof qrQuery>,
  cache: string,
  locale: string,
) {
  const body = await renderQrCode(url, format, query.size);
  return reply
    .type(QR_CONTENT_TYPES[format])
    .header('cache-control', cache)
    // The file's name follows the caller's language: a shared cache keeps one per language.
    .header('vary', 'Accept-Language')
    .header('content-disposition', qrFileDisposition(locale, 'surveyFile', code, format, query.download))
    .send(body);
}

/**
 * QR codes of a survey's public link: for its company (any status, to print before
 * publishing) and publicly by code (published surveys only).
 */
export async function qrcodesRoutes(parent: FastifyInstance, options: { config: Config }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { config } = options;

  app.get(
    '/surveys/:id/link',
    { schema: { tags, summary: "Lien public et QR codes d'un formulaire", params: idParams, response: { 200: okSchema(surveyLinkSchema) } } },
    async (request) => {
      const ctx = contextOf(request);
      requirePermission(ctx, 'surveys.show');
      const survey = await findCallerSurvey(ctx, parseId(request.params.id));
      if (survey.is_template) throw notFound();
      const base = publicBaseUrl(config, request);
      return ok({
        code: survey.code,
        path: surveyPublicPath(survey.code),
        url: surveyPublicUrl(base, survey.code),
        qrcode: { png: `surveys/${survey.id}/qrcode.png`, svg: `surveys/${survey.id}/qrcode.svg` },
        public_qrcode: { png: `public/qrcode/${survey.code}.png`, svg: `public/qrcode/${survey.code}.svg` },
      });
    },
  );

  for (const format of ['png', 'svg'] as const) {
    app.get(
      `/surveys/:id/qrcode.${format}`,
      { schema: { tags, summary: `QR code du lien public (${format.toUpperCase()})`, params: idParams, querystring: qrQuery, response: { 200: fileResponse(QR_MEDIA_TYPES[format], `Le QR code (${format.toUpperCase()})`) } } },
      async (request, reply) => {
        const ctx = contextOf(request);
        requirePermission(ctx, 'surveys.show');
        const survey = await findCallerSurvey(ctx, parseId(request.params.id));
        if (survey.is_template) throw notFound();
        const url = surveyPublicUrl(publicBaseUrl(config, request), survey.code);
        return sendQr(reply, url, survey.code, format, request.query, 'private, max-age=300', ctx.locale);
      },
    );
  }

  app.get(
    '/public/qrcode/:file',
    {
      schema: { tags: ['public'], summary: "QR code public d'un formulaire publié ({code}.png ou {code}.svg)", params: z.object({ file: z.string().max(40) }), querystring: qrQuery, response: { 200: fileResponse([QR_MEDIA_TYPES.png, QR_MEDIA_TYPES.svg], 'Le QR code (PNG ou SVG selon l’extension)') } },
      config: { ...publicRateLimit(config), ...PUBLIC_ROUTE },
    },
    async (request, reply) => {
      const match = /^([A-Za-z0-9]{4,16})\.(png|svg)$/.exec(request.params.file);
      if (!match) throw notFound();
      const survey = await findSurveyByRef(request.server.db, match[1].toUpperCase());
      if (!survey || !['published', 'closed'].includes(survey.status) || /^\d+$/.test(match[1])) throw notFound();
      const url = surveyPublicUrl(publicBaseUrl(config, request), survey.code);
      return sendQr(reply, url, survey.code, match[2] as QrFormat, request.query, 'public, max-age=3600', contextOf(request).locale);
    },
  );
}
