import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isAnswerEntryPath, isAuthEntryPath } from '@app/contracts/routes';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app from the same port. Hashed assets are cached for a year;
 * index.html, answer.html, auth.html and the service worker are always revalidated so a new deploy
 * is seen. The build writes brotli and gzip copies of its text files (`precompress`
 * in apps/web/vite.config.ts): they are sent as they are, the pages served for app paths
 * (error-handler.ts, `sendFile`) included, which the per-route compression of
 * @fastify/compress never reaches. A file without a copy is compressed on the fly.
 * Returns false when there is no build (API-only runs and tests).
 */
export async function registerStaticWeb(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built: serving the API only');
    return false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

/**
 * The Content-Security-Policy sources of the inline scripts of the built pages (index.html
 * draws a signed-in home's first screen before the app's code arrives: apps/web/vite-first-paint.ts;
 * and starts that code after its first paint: apps/web/vite-scripts-after-paint.ts, a text that
 * stays the same across builds), as `'sha256-…'`: scripts stay limited to the server's files and
 * these exact texts. None without a build.
 */
export function inlineScriptHashes(distDir: string): string[] {
  const hashes = new Set<string>();
  for (const page of ['index.html', 'answer.html', 'auth.html']) {
    const file = path.join(distDir, page);
    if (!existsSync(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      hashes.add(`'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}

/**
 * Public links (`/m/{type}/{code}`), the code entry page (`/m`) and anonymous
 * contribution pages (`/web/surveys/...`, `ANSWER_ENTRY_PATTERN`, which the service worker
 * follows too) get the light answering page (answer.html)
 * instead of the app shell: a respondent who scans a QR code on a phone loads a fraction
 * of the app's JavaScript. The sign-in and password pages (`AUTH_ENTRY_PATHS`) get their
 * own light page (auth.html) for the same reason: every agent loads them first.
 */
export function spaPageFor(url: string): 'answer.html' | 'auth.html' | 'index.html' {
  const path = url.split('?')[0];
  if (isAnswerEntryPath(path)) return 'answer.html';
  return isAuthEntryPath(path) ? 'auth.html' : 'index.html';
}
