#!/usr/bin/env node
/**
 * Prints the JavaScript a first visit downloads for each page of the production build
 * (apps/web/dist): the entry script and every chunk the HTML preloads, raw and gzipped.
 * Chunks loaded later by a dynamic import (the error-reporting SDK, other languages) are
 * not counted: they are fetched only when needed.
 *   npm run build -w apps/web && node scripts/first-load-js.mjs [--json]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const pages = ['index.html', 'answer.html'];

function firstLoadScripts(html) {
  const found = new Set();
  for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)) found.add(match[1]);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) found.add(match[1]);
  return [...found];
}

const report = {};
for (const page of pages) {
  const file = path.join(dist, page);
  if (!existsSync(file)) throw new Error(`${file} missing: run npm run build -w apps/web first`);
  const scripts = firstLoadScripts(readFileSync(file, 'utf8'));
  let raw = 0;
  let gzip = 0;
  for (const src of scripts) {
    const body = readFileSync(path.join(dist, src.replace(/^\//, '')));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  report[page] = { scripts, rawBytes: raw, gzipBytes: gzip };
}

if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
else {
  for (const [page, r] of Object.entries(report)) {
    console.log(`${page}: ${r.scripts.length} scripts, ${(r.rawBytes / 1024).toFixed(1)} KB raw, ${(r.gzipBytes / 1024).toFixed(1)} KB gzipped`);
  }
}
