import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../http/errors';
import { imagesRoot } from './photo.service';

const MIME: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

/**
 * GET /images/...: uploaded images, from DATA_DIR/uploads/images. Names are random and
 * never reused, so they are cached for good. Paths leaving the folder are not found.
 */
export function uploadedImagesRoutes(dataDir: string) {
  const root = imagesRoot(dataDir);
  return async function imagesRoutes(app: FastifyInstance) {
    app.get('/images/*', { schema: { hide: true } }, async (request, reply) => {
      const relative = (request.params as { '*': string })['*'] ?? '';
      const file = path.resolve(root, relative);
      const type = MIME[path.extname(file).toLowerCase()];
      if (!file.startsWith(root + path.sep) || !type) throw notFound();
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw notFound();
      return reply
        .header('content-type', type)
        .header('content-length', info.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(createReadStream(file));
    });
  };
}
