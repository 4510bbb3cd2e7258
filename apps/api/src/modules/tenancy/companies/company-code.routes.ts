import { idParams } from '@app/contracts';
import { companyJoinLink } from '@app/contracts/company';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config';
import { sectors, zones } from '../../../db/schema';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { notFound } from '../../../http/errors';
import { parseId } from '../../../http/resource-routes';
import { publicRateLimit } from '../../collection/public/public-rate-limit';
import { publicBaseUrl } from '../../collection/qrcodes/qrcodes.routes';
import { qrFileDisposition } from '../../collection/qrcodes/qrcode-file';
import { QR_CONTENT_TYPES, QR_DEFAULT_SIZE, QR_MAX_SIZE, QR_MIN_SIZE, renderQrCode } from '../../collection/qrcodes/qrcode.service';
import { COMPANY_CODE_ALPHABET } from './company-code';
import { findCompany, findPublicCompanyByCode } from './companies.repository';
import { getCompany } from './companies.service';
import { requireActor } from './tenancy';
import { fileResponse } from '../../../http/file-responses';
import { okSchema } from '../../../http/response-schemas';
import { publicCompanySchema } from './companies.responses';
import { tenancyText } from '../tenancy.texts';

const tags = ['companies'];
const codeParams = z.object({
  code: z
    .string()
    .trim()
    .max(16)
    .regex(new RegExp(`^[${COMPANY_CODE_ALPHABET}${COMPANY_CODE_ALPHABET.toLowerCase()}0-9]{4,16}$`), "Le code d'entreprise n'est pas valide"),
});
const qrQuery = z.object({
  size: z.coerce.number().int().min(QR_MIN_SIZE).max(QR_MAX_SIZE).default(QR_DEFAULT_SIZE),
  download: z.enum(['0', '1', 'true', 'false']).optional(),
});

/** Sector and town names of a company, for the card a joining person checks. */
async function placeOf(fastify: FastifyInstance, sectorId: number | null, zoneId: number | null) {
  const db = fastify.db;
  const [sector] = sectorId ? await db.orm.select({ name: sectors.name }).from(sectors).where(eq(sectors.id, sectorId)) : [];
  const [zone] = zoneId ? await db.orm.select({ name: zones.name }).from(zones).where(and(eq(zones.id, zoneId))) : [];
  return { sector: sector?.name ?? null, town: zone?.name ?? null };
}

/**
 * The company code's two uses: a signed-in person looks a company up by its code before
 * asking to join (what anyone holding the code may learn: name, logo, sector, town),
 * and members print the code's QR, which opens the join page with the code filled in.
 */
export async function companyCodeRoutes(parent: FastifyInstance, options: { config: Config }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { config } = options;

  app.get(
    '/companies/code/:code',
    {
      schema: { tags, summary: 'Trouver une entreprise par son code (pour demander à la rejoindre)', params: codeParams, response: { 200: okSchema(publicCompanySchema) } },
      config: publicRateLimit(config),
    },
    async (request) => {
      const ctx = contextOf(request);
      requireActor(ctx);
      const company = await findPublicCompanyByCode(request.server.db, request.params.code);
      if (!company) throw notFound(tenancyText(ctx.locale, 'unknownCompanyCode'), 'unknown_company_code');
      return ok({
        id: company.id,
        name: company.name,
        code: company.code,
        logo: company.logo,
        ...(await placeOf(request.server, company.sector_id, company.zone_id)),
      });
    },
  );

  for (const format of ['png', 'svg'] as const) {
    app.get(
      `/companies/:id/qrcode.${format}`,
      {
        schema: { tags, summary: `QR code du code de l'entreprise (${format.toUpperCase()})`, params: idParams, querystring: qrQuery, response: { 200: fileResponse(format === 'png' ? 'image/png' : 'image/svg+xml', `QR code (${format.toUpperCase()})`) } },
      },
      async (request, reply) => {
        const ctx = contextOf(request);
        const id = parseId(request.params.id);
        await getCompany(ctx, id); // members and platform admins only; 404 otherwise
        const company = await findCompany(ctx.db, id);
        if (!company) throw notFound();
        const url = `${publicBaseUrl(config, request).replace(/\/+$/, '')}${companyJoinLink(company.code)}`;
        const body = await renderQrCode(url, format, request.query.size);
        return reply
          .type(QR_CONTENT_TYPES[format])
          .header('cache-control', 'private, max-age=300')
          // The file's name follows the caller's language (as the survey's QR codes).
          .header('vary', 'Accept-Language')
          .header('content-disposition', qrFileDisposition(ctx.locale, 'companyFile', company.code, format, request.query.download))
          .send(body);
      },
    );
  }
}
