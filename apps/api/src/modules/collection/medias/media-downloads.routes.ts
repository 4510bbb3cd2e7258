import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contextOf } from '../../../http/actor';
import { registerAuthHook } from '../../../http/auth-hook';
import { resolveSignedIn } from '../../identity/auth/request-actor';
import { notFound } from '../../../http/errors';
import { sendMediaFile } from './media-file';
import { findReadableMediaByPath } from './medias.service';

const keyQuery = z.looseObject({ key: z.string().max(100).optional() });

/**
 * GET /files/...: a stored file by its relative path (section 7: the client prefixes the
 * host to paths starting with images, files or templates), with the same rights as
 * GET medias/{id}/content: the Bearer token, or the upload key (`?key=`) of an anonymous
 * answer. Unknown or unreadable paths are 404, never the web app's page. `images/` has its
 * own public route (random names, cached for good); nothing is stored under `templates/`,
 * whose paths answer 404 (static-web's server paths).
 */
export function mediaDownloadRoutes(dataDir: string) {
  return async function mediaDownloads(app: FastifyInstance) {
    registerAuthHook(app, resolveSignedIn);
    app.get('/files/*', { schema: { hide: true } }, async (request, reply) => {
      const relative = `files/${(request.params as { '*': string })['*'] ?? ''}`;
      // No stored path holds a NUL (the database would refuse it) or climbs out.
      if (relative.includes('\u0000') || relative.split('/').includes('..')) throw notFound();
      // A key no upload can hold (repeated, over 100 characters) opens nothing: 404, not a 500.
      const query = keyQuery.safeParse(request.query);
      if (!query.success) throw notFound();
      return sendMediaFile(reply, dataDir, await findReadableMediaByPath(contextOf(request), relative, query.data.key));
    });
  };
}
