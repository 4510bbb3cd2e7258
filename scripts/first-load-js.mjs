#!/usr/bin/env node
/**
 * Prints the JavaScript a first visit downloads for each page of the production build
 * (apps/web/dist): the entry script and every chunk the HTML preloads, raw and gzipped.
 * Chunks loaded later by a dynamic import (the error-reporting SDK, other languages) are
 * not counted: they are fetched only when needed (scripts/answer-page-figures.mjs counts
 * what a real first load of the answering page fetched, dynamic imports included).
 *   npm run build -w apps/web && node scripts/first-load-js.mjs [--json]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const PAGES = ['index.html', 'answer.html', 'auth.html'];

/** The scripts an HTML page loads at once: its module entries and their modulepreloads. */
export function firstLoadScripts(html) {
  const found = new Set();
  for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)) found.add(match[1]);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) found.add(match[1]);
  // index.html adds them after its first paint, listed in a data block (apps/web/vite-scripts-after-paint.ts).
  const listed = html.match(/<script type="application\/json" id="app-scripts">([\s\S]*?)<\/script>/);
  if (listed) {
    const files = JSON.parse(listed[1]);
    for (const src of [files.entry, ...files.preloads]) found.add(src);
  }
  return [...found];
}

/** Raw and gzipped (level 9) bytes of built files given by their URL path (`/assets/x.js`). */
export function weighBuiltFiles(urlPaths, dist = DIST) {
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const src of urlPaths) {
    const body = readFileSync(path.join(dist, src.replace(/^\//, '')));
    rawBytes += body.length;
    gzipBytes += gzipSync(body, { level: 9 }).length;
  }
  return { rawBytes, gzipBytes };
}

/** What one built page loads at once, by reading its HTML. */
export function firstLoadOf(page, dist = DIST) {
  const file = path.join(dist, page);
  if (!existsSync(file)) throw new Error(`${file} missing: run npm run build -w apps/web first`);
  const scripts = firstLoadScripts(readFileSync(file, 'utf8'));
  return { scripts, ...weighBuiltFiles(scripts, dist) };
}

function main() {
  const report = Object.fromEntries(PAGES.map((page) => [page, firstLoadOf(page)]));
  if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
  else {
    for (const [page, r] of Object.entries(report)) {
      console.log(`${page}: ${r.scripts.length} scripts, ${(r.rawBytes / 1024).toFixed(1)} KB raw, ${(r.gzipBytes / 1024).toFixed(1)} KB gzipped`);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
