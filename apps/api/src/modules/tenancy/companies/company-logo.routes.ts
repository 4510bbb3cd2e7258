import { idParams } from '@app/contracts';
import { randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../../config';
import { writeFileDurably } from '../../../files/durable';
import { contextOf } from '../../../http/actor';
import { ok } from '../../../http/envelope';
import { AppError, validationFailed } from '../../../http/errors';
import { parseId } from '../../../http/resource-routes';
import { detectImageType, imagesRoot, MAX_PHOTO_BYTES } from '../../identity/profile/photo.service';
import { findCompany } from './companies.repository';
import { updateCompany } from './companies.service';
import { requireActor } from './tenancy';
import { okSchema } from '../../../http/response-schemas';
import { companyRow } from './companies.responses';
import { tenancyText } from '../tenancy.texts';

async function readLogo(request: FastifyRequest, locale: string): Promise<Buffer> {
  const missing = () => validationFailed({ logo: [tenancyText(locale, 'logoMissing')] });
  if (!request.isMultipart()) throw missing();
  try {
    const file = await request.file({ limits: { fileSize: MAX_PHOTO_BYTES, files: 1 } });
    if (!file) throw missing();
    const bytes = await file.toBuffer();
    if (bytes.length === 0) throw missing();
    return bytes;
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'payload_too_large', tenancyText(locale, 'logoTooLarge'));
    throw error;
  }
}

/**
 * `POST companies/{id}/logo` (multipart, field `logo`): the company's logo, checked by
 * its first bytes (PNG, JPEG, WebP, 2 MB at most), stored under images/companies/{id}/
 * and served by GET /images/...; the previous file is removed. Same rights as editing
 * the company (its active company, permission companies.update).
 */
export async function companyLogoRoutes(parent: FastifyInstance, options: { config: Config }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const root = imagesRoot(options.config.DATA_DIR);
  app.post(
    '/companies/:id/logo',
    { schema: { tags: ['companies'], summary: "Logo de l'entreprise (multipart, champ logo)", params: idParams, response: { 200: okSchema(companyRow) } }, config: { upload: { file: 'logo' } } },
    async (request) => {
      const ctx = contextOf(request);
      requireActor(ctx);
      const id = parseId(request.params.id);
      const before = await findCompany(ctx.db, id);
      // Rights first (404 another company, 403 without companies.update), then the file.
      await updateCompany(ctx, id, {});
      const bytes = await readLogo(request, ctx.locale);
      const type = detectImageType(bytes);
      if (!type) throw validationFailed({ logo: [tenancyText(ctx.locale, 'logoType')] });
      const relative = path.posix.join('companies', String(id), `${randomBytes(12).toString('hex')}.${type}`);
      const file = path.join(root, relative);
      // On disk (flushed) before the row names it; a full disk fails here, the old logo kept.
      await writeFileDurably(file, bytes);
      const company = await updateCompany(ctx, id, { logo: `images/${relative}` });
      const previous = before?.logo;
      if (previous?.startsWith(`images/companies/${id}/`)) await unlink(path.join(root, previous.slice('images/'.length))).catch(() => {});
      return ok(company);
    },
  );
}
