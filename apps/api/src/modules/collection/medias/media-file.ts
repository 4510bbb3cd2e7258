import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import type { medias } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { fileOf } from './media-storage';

/**
 * Sends a media's bytes (the caller was allowed to read it): images inline, other files
 * as downloads under their original name, never interpreted by the browser; 404 when
 * the file is gone from the disk.
 */
export async function sendMediaFile(reply: FastifyReply, dataDir: string, media: typeof medias.$inferSelect) {
  const file = fileOf(dataDir, media.path);
  const info = file ? await stat(file).catch(() => null) : null;
  if (!file || !info?.isFile()) throw notFound();
  const disposition = media.kind === 'image' ? 'inline' : 'attachment';
  const name = encodeURIComponent(media.original_name ?? `fichier-${media.id}`);
  return reply
    .header('content-type', media.mime)
    .header('content-length', info.size)
    .header('content-disposition', `${disposition}; filename*=UTF-8''${name}`)
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(createReadStream(file));
}
