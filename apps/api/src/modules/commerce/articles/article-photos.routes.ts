import { pathId } from '@app/contracts';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@app/contracts';
import type { Config } from '../../../config';
import { contextOf } from '../../../http/actor';
import { assertNoNulInFields } from '../../../http/bad-input';
import { ok } from '../../../http/envelope';
import { notFound, validationFailed } from '../../../http/errors';
import { fileOf, fileTooLarge, stageUpload } from '../../collection/medias/media-storage';
import { publicRateLimit } from '../../collection/public/public-rate-limit';
import { articlePhotoText } from './article-photos.texts';
import { addArticlePhoto, ARTICLE_PHOTO_MAX_BYTES, editableArticle, photoTarget, publicArticlePhoto, removeArticlePhoto } from './article-photos.service';
import { PUBLIC_ROUTE } from '../../../http/route-access';
import { articles } from '../../../db/schema';
import { fileResponse } from '../../../http/file-responses';
import { okSchema } from '../../../http/response-schemas';
import { tableRowSchema } from '../../../http/table-row-schema';

const photoParams = z.object({ id: pathId, media: pathId });
/** The article's whole row after the change (article-photos.service). */
const articleRowSchema = tableRowSchema(articles);
/** Room in a multipart body for the boundary and the part headers. */
const ENVELOPE_BYTES = 16 * 1024;

/**
 * Article photos (API.md "Commerce"): `POST articles/{id}/photos` (multipart, one image),
 * `DELETE articles/{id}/photos/{media}`, and the public `GET articles/{id}/photos/{media}`
 * that customers browsing the catalogue load. Uploads go through the media pipeline:
 * streamed to disk under a size cap, type sniffed from the bytes, kept as a company media.
 */
export async function articlePhotosRoutes(parent: FastifyInstance, options: { config: Config }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { config } = options;
  const tags = ['articles'];

  app.post('/articles/:id/photos', { schema: { tags, summary: 'Ajouter une photo à un article (multipart, champ file)', params: idParams, response: { 201: okSchema(articleRowSchema) } }, config: { upload: { file: 'file' } } }, async (request, reply) => {
    const ctx = contextOf(request);
    // Rights and the article first (401/403/404), then the file.
    const article = await editableArticle(ctx, request.params.id);
    if (!request.isMultipart()) throw validationFailed({ file: [articlePhotoText(ctx.locale, 'photoMissing')] });
    const declared = Number(request.headers['content-length']);
    if (declared > ARTICLE_PHOTO_MAX_BYTES + ENVELOPE_BYTES) throw fileTooLarge(ARTICLE_PHOTO_MAX_BYTES, ctx.locale);
    const target = await photoTarget(ctx, article);
    let part: Awaited<ReturnType<typeof request.file>>;
    try {
      part = await request.file({ limits: { fileSize: ARTICLE_PHOTO_MAX_BYTES + 1, files: 1, fields: 5 } });
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(ARTICLE_PHOTO_MAX_BYTES, ctx.locale);
      throw error;
    }
    if (!part) throw validationFailed({ file: [articlePhotoText(ctx.locale, 'photoMissing')] });
    assertNoNulInFields({ filename: part.filename });
    const staged = await stageUpload(config.DATA_DIR, part.file, ARTICLE_PHOTO_MAX_BYTES, ctx.locale);
    const updated = await addArticlePhoto(ctx, config.DATA_DIR, article, target, staged, part.filename);
    return reply.status(201).send(ok(updated, articlePhotoText(ctx.locale, 'photoAdded')));
  });

  app.delete('/articles/:id/photos/:media', { schema: { tags, summary: 'Retirer une photo d’un article', params: photoParams, response: { 200: okSchema(articleRowSchema) } } }, async (request) =>
    ok(await removeArticlePhoto(contextOf(request), request.params.id, request.params.media)),
  );

  app.get(
    '/articles/:id/photos/:media',
    { schema: { tags, summary: 'Photo d’un article proposé (public)', params: photoParams, response: { 200: fileResponse('image/*', 'La photo (JPEG, PNG ou WebP)') } }, config: { ...publicRateLimit(config), ...PUBLIC_ROUTE } },
    async (request, reply) => {
      const photo = await publicArticlePhoto(contextOf(request), request.params.id, request.params.media);
      const file = fileOf(config.DATA_DIR, photo.path);
      const info = file ? await stat(file).catch(() => null) : null;
      if (!file || !info?.isFile()) throw notFound();
      return reply
        .header('content-type', photo.mime)
        .header('content-length', info.size)
        .header('cache-control', 'public, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(createReadStream(file));
    },
  );
}

