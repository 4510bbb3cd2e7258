import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/test-db';

/**
 * The built web app as the server sends it: hashed assets compressed and cached for a
 * year, pages compressed and revalidated at every visit. A build of a few files stands in
 * for apps/web/dist, with the brotli and gzip copies the web build writes beside them.
 */
const YEAR = 'public, max-age=31536000, immutable';
const BR = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const script = (name: string) => `export const ${name} = () => ${JSON.stringify('une question, une réponse. '.repeat(200))};\n`;
const page = (title: string) => `<!doctype html><html lang="fr"><head><title>${title}</title></head><body><main id="root"></main>${'<!-- rempli -->'.repeat(150)}</body></html>`;
const FILES: Record<string, { body: string; copies: boolean }> = {
  'index.html': { body: page('Enquêtes'), copies: true },
  'answer.html': { body: page('Formulaire – Enquêtes'), copies: true },
  'auth.html': { body: page('Connexion – Enquêtes'), copies: true },
  'sw.js': { body: script('sw'), copies: true },
  'assets/answer-Ab12Cd34.js': { body: script('answer'), copies: true },
  // A hashed file the build left without copies: compressed when sent.
  'assets/later-Xy98Zw76.js': { body: script('later'), copies: false },
};

let app: FastifyInstance;
let db: Database;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'static-web-'));
  mkdirSync(path.join(dist, 'assets'));
  for (const [name, { body, copies }] of Object.entries(FILES)) {
    writeFileSync(path.join(dist, name), body);
    if (!copies) continue;
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(body));
  }
  db = await openTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', WEB_DIST: dist, RENEWAL_SWEEP_INTERVAL_S: '0' });
  app = await buildApp({ config, db, serveWeb: true });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.close();
  rmSync(dist, { recursive: true, force: true });
});

function decoded(res: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.rawPayload.toString('utf8');
}

describe('the built web app', () => {
  it('sends a hashed asset compressed (brotli when accepted), cached for a year, varying on the encoding', async () => {
    const res = await app.inject({ url: '/assets/answer-Ab12Cd34.js', headers: BR });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cache-control']).toBe(YEAR);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(FILES['assets/answer-Ab12Cd34.js'].body.length / 5);
    expect(decoded(res)).toBe(FILES['assets/answer-Ab12Cd34.js'].body);
  });

  it('sends gzip to a browser without brotli, and the file itself to a client asking for no encoding', async () => {
    const gzip = await app.inject({ url: '/assets/answer-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe(YEAR);
    expect(decoded(gzip)).toBe(FILES['assets/answer-Ab12Cd34.js'].body);

    const plain = await app.inject({ url: '/assets/answer-Ab12Cd34.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(FILES['assets/answer-Ab12Cd34.js'].body);
  });

  it('compresses a hashed asset that has no compressed copy, with the same long cache', async () => {
    const res = await app.inject({ url: '/assets/later-Xy98Zw76.js', headers: BR });
    expect(res.statusCode).toBe(200);
    expect(['br', 'gzip']).toContain(res.headers['content-encoding']);
    expect(res.headers['cache-control']).toBe(YEAR);
    expect(decoded(res)).toBe(FILES['assets/later-Xy98Zw76.js'].body);
  });

  it('sends the answering page of a public link compressed and never cached long', async () => {
    for (const url of ['/m/su/SATDEMCL', '/m/su/SATDEMCL?lang=en', '/m', '/web/surveys/contribution/AB12CD']) {
      const res = await app.inject({ url, headers: BR });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decoded(res), url).toBe(FILES['answer.html'].body);
    }
  });

  it('sends the light sign-in page for sign-in, its mobile variant, sign-up and the password pages, the shell for the other auth pages', async () => {
    const light = ['/auth/login', '/auth/login?force=true&redirect=%2Fbusiness', '/auth/login/', '/auth/mobile', '/auth/create-account', '/auth/create-account?step=validate&email=a%40b.cm', '/auth/forgot-password', '/auth/forgot-password-reset?id=ab12&login=agent'];
    for (const url of light) {
      const res = await app.inject({ url, headers: BR });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decoded(res), url).toBe(FILES['auth.html'].body);
    }
    // Logout and the signed-in password pages belong to the shell.
    for (const url of ['/auth/logout', '/k3x9pq/auth/logout', '/k3x9pq/auth/password-reset', '/auth', '/auth/login-other']) {
      const res = await app.inject({ url, headers: BR });
      expect(decoded(res), url).toBe(FILES['index.html'].body);
    }
  });

  it('revalidates the app page, answer.html asked by name and the service worker at every visit', async () => {
    const appPage = await app.inject({ url: '/k3x9pq/business', headers: BR });
    expect(appPage.headers['cache-control']).toBe('no-cache');
    expect(appPage.headers['content-encoding']).toBe('br');
    expect(decoded(appPage)).toBe(FILES['index.html'].body);
    for (const url of ['/answer.html', '/sw.js']) {
      const res = await app.inject({ url, headers: BR });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decoded(res), url).toBe(FILES[url.slice(1)].body);
    }
  });

  it('leaves the API to its own answers: an unknown API path is the JSON 404, not a page', async () => {
    const res = await app.inject({ url: '/api/v2/nope', headers: BR });
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(decoded(res))).toMatchObject({ success: false, code: 'route_not_found' });
  });

  it('answers downloads by relative path (images, files, templates: section 7) with a file or the JSON 404, never the app page', async () => {
    // Signed out, a private file is 401 (the Bearer token or the upload key opens it).
    const expected = { '/images/avatars/absente.png': 404, '/files/answers/2026/01/absent.pdf': 401, '/templates/modele-agents.xlsx': 404 };
    for (const [url, status] of Object.entries(expected)) {
      const res = await app.inject({ url, headers: BR });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
  });

  it('answers a browser’s navigation under a server prefix with a real 404, never the shell: downloads, a missing asset, the prefix alone', async () => {
    const navigation = { ...BR, accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' };
    for (const url of ['/images/avatars/absente.png', '/images', '/templates/', '/templates/absent.xlsx?v=2', '/assets/index-Old12345.js', '/assets']) {
      const res = await app.inject({ url, headers: navigation });
      expect(res.statusCode, url).toBe(404);
      expect(decoded(res), url).not.toContain('<main id="root">');
    }
    // A page of the app next to them still gets its page.
    const appPage = await app.inject({ url: '/k3x9pq/business/view/templates', headers: navigation });
    expect(appPage.statusCode).toBe(200);
    expect(decoded(appPage)).toBe(FILES['index.html'].body);
  });
});
