import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUTH_ENTRY_PATHS, DOWNLOAD_PATH_PREFIXES, isAnswerEntryPath, isAuthEntryPath, isServerPath, WEB_ROUTES } from './routes';

describe('the addresses of the light sign-in page', () => {
  it('are sign-in, its mobile variant, sign-up and the two password pages, a trailing slash allowed', () => {
    for (const path of ['/auth/login', '/auth/login/', '/auth/mobile', '/auth/create-account', '/auth/create-account/', '/auth/forgot-password', '/auth/forgot-password-reset']) expect(isAuthEntryPath(path), path).toBe(true);
    for (const path of ['/auth', '/auth/', '/auth/logout', '/k3x9pq/auth/logout', '/k3x9pq/auth/password-reset', '/auth/login/x', '/', '/m/su/AB']) {
      expect(isAuthEntryPath(path), path).toBe(false);
    }
  });

  it('are the ones the dev server answers auth.html for (apps/web/vite.config.ts; the service worker imports them)', () => {
    const config = readFileSync(new URL('../../../apps/web/vite.config.ts', import.meta.url), 'utf8');
    const names = AUTH_ENTRY_PATHS.map((path) => path.replace('/auth/', '')).join('|');
    const literal = `/^\\/auth\\/(?:${names})\\/?$/`;
    expect(config.split(literal).length - 1).toBe(1);
  });
});

describe('the addresses of the public answering page', () => {
  it('are the public links, the code entry page and anonymous contribution pages, not the app\'s own', () => {
    for (const path of ['/m', '/m/', '/m/su/AB12CD', '/m/ev/X9', '/web/surveys/contribution/AB12CD']) expect(isAnswerEntryPath(path), path).toBe(true);
    for (const path of ['/', '/mnt', '/media/3', '/k3x9pq/m/su/1/AB12CD', '/web/surveys', '/k3x9pq/web/surveys/contribution/AB12CD', '/auth/login']) {
      expect(isAnswerEntryPath(path), path).toBe(false);
    }
  });
});

describe('the server’s own paths (never a page of the web app)', () => {
  it('are the API, the socket, the downloads and the build’s assets: the prefix itself or below it, a query allowed', () => {
    for (const path of ['/api', '/api/v2/auth', '/api?x=1', '/socket.io/?EIO=4', '/images', '/images/avatars/a.png', '/files/answers/2026/01/a.pdf', '/templates', '/templates/modele-agents.xlsx?v=2', '/assets/index-Ab12Cd34.js']) {
      expect(isServerPath(path), path).toBe(true);
    }
  });

  it('are not the web app’s addresses, nor paths that only start with the same letters', () => {
    for (const path of ['/', '/imagesx', '/files-old', '/apis', '/m/su/AB12CD', '/auth/login', '/medias/12', '/k3x9pq/business/view/templates', '/k3x9pq/files']) {
      expect(isServerPath(path), path).toBe(false);
    }
    // No page of the route table starts with one of them.
    for (const pattern of Object.values(WEB_ROUTES)) expect(isServerPath(pattern), pattern).toBe(false);
  });

  it('include the downloads, which the dev and preview servers hand to the API (apps/web/vite.config.ts)', () => {
    const config = readFileSync(new URL('../../../apps/web/vite.config.ts', import.meta.url), 'utf8');
    const names = DOWNLOAD_PATH_PREFIXES.map((prefix) => prefix.slice(1)).join('|');
    expect(config).toContain(`'^/(?:${names})(?:/|$)'`);
    expect(config.split('[DOWNLOAD_PROXY_PATTERN]:').length - 1).toBe(2);
  });
});
