import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUTH_ENTRY_PATHS, isAuthEntryPath } from './routes';

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
