import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstPaint } from './vite-first-paint.ts';
import { mantineStableUseId } from './vite-mantine-use-id.ts';
import { appScriptsAfterPaint } from './vite-scripts-after-paint.ts';
import { shellChunks } from './vite-shell-chunks.ts';

const API_TARGET = 'http://127.0.0.1:3000';

/**
 * The light sign-in page's addresses (AUTH_ENTRY_PATHS in packages/contracts/src/routes.ts,
 * which the server's spaPageFor uses; a test holds the two equal): served auth.html, not the shell.
 */
export const AUTH_ENTRY_PATTERN = /^\/auth\/(?:login|mobile|create-account|forgot-password|forgot-password-reset)\/?$/;

/**
 * Downloads by relative path (DOWNLOAD_PATH_PREFIXES in packages/contracts/src/routes.ts; a
 * test holds the two equal): the dev and preview servers hand them to the API, as the real
 * server answers them itself (a file or a 404), never with the shell.
 */
export const DOWNLOAD_PROXY_PATTERN = '^/(?:images|files|templates)(?:/|$)';

/** The dev server answers auth.html for those addresses, as the real server does. */
function authEntryInDev(): Plugin {
  return {
    name: 'auth-entry-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname, query] = (req.url ?? '').split('?');
        if (req.method === 'GET' && AUTH_ENTRY_PATTERN.test(pathname)) req.url = `/auth.html${query ? `?${query}` : ''}`;
        next();
      });
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing (images and icons are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest)$/;
/** The server compresses nothing smaller either (@fastify/compress threshold in apps/api/src/app.ts). */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip level 9) beside every built text
 * file, which the server sends as they are (@fastify/static `preCompressed`,
 * apps/api/src/http/static-web.ts). Compressing on each request costs CPU at every visit
 * and, at the quality a server can afford per request (@fastify/compress: brotli 4), weighs
 * more: the answering page's first-load CSS and JavaScript are 55.5 KB at quality 4 and
 * 49.5 KB at 11, and on a phone over slow 4G those bytes are most of its first load. Runs
 * last, after the service worker is written, so it is compressed too.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
        const files = entries.filter((e) => e.isFile() && COMPRESSIBLE.test(e.name)).map((e) => path.join(e.parentPath, e.name));
        await Promise.all(
          files.map(async (file) => {
            const body = await readFile(file);
            if (body.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
              gzipAsync(body, { level: 9 }),
            ]);
            // A compressed copy no smaller than the file would only cost the decoding.
            if (br.length < body.length) await writeFile(`${file}.br`, br);
            if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}

const shell = shellChunks(fileURLToPath(new URL('.', import.meta.url)));

export default defineConfig({
  plugins: [
    mantineStableUseId(),
    react(),
    shell.plugin,
    firstPaint(fileURLToPath(new URL('.', import.meta.url))),
    appScriptsAfterPaint(),
    authEntryInDev(),
    VitePWA({
      // Prompt mode: a newly deployed build waits for the user's "Recharger"
      // (src/app/UpdatePrompt.tsx) instead of swapping code under an open form.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Enquêtes',
        short_name: 'Enquêtes',
        description: 'Enquêtes, évaluations et activités de terrain pour les entreprises.',
        lang: 'fr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#228be6',
        background_color: '#ffffff',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      // Our own service worker (src/sw.ts): the precache and routes the generated one had,
      // plus the outbox's Background Sync (answers sent after the tab is closed).
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectManifest: {
        // A classic script: registered without `type: 'module'` (UpdatePrompt.tsx).
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The error-reporting SDK is fetched only when a DSN is configured (lib/error-reporting):
        // not precached for every installation, and useless offline anyway.
        globIgnores: ['**/sentry-client-*.js'],
      },
    }),
    // Last: compresses what every plugin before it wrote (the service worker included).
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
      [DOWNLOAD_PROXY_PATTERN]: { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
      [DOWNLOAD_PROXY_PATTERN]: { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      // Three pages: the app shell, the light public answering page (answer.html, no Mantine)
      // and the light sign-in page (auth.html: no Mantine, router nor i18next).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        answer: fileURLToPath(new URL('./answer.html', import.meta.url)),
        auth: fileURLToPath(new URL('./auth.html', import.meta.url)),
      },
      output: {
        // The signed-in shell and homes in a few chunks (vite-shell-chunks.ts says why). A
        // group holds what its modules import (but an entry page's modules), so their
        // dependencies need not be pulled in again. Checked on the built graph (29 November
        // 2026): the only import cycles are the route's facade chunks (`SessionLayout`,
        // `Toasts`), which only re-export from their group and hold its CSS: safe to evaluate
        // in either order, so rolldown's `strictExecutionOrder` is not needed.
        codeSplitting: { groups: [{ name: shell.groupOf, debugName: 'shell-chunks', includeDependenciesRecursively: false }] },
      },
    },
  },
});
