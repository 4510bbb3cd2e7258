import { describe, expect, it } from 'vitest';
import { authEntryHandover, authEntryRoutes } from './auth-entry-handover';

const at = (path: string) => new URL(path, 'https://enquetes.example');

describe('handing the sign-in and password pages over to the light page', () => {
  it('has one route per address of auth.html', () => {
    expect(authEntryRoutes.map((route) => route.path)).toEqual(['/auth/login', '/auth/mobile', '/auth/create-account', '/auth/forgot-password', '/auth/forgot-password-reset']);
  });

  it('loads the address itself from a page of the app (a link, a guard, the logout page), query kept', () => {
    expect(authEntryHandover(at('/auth/login?force=true&redirect=%2Fbusiness'), { pathname: '/k3x9pq/business' })).toEqual({
      how: 'assign',
      to: '/auth/login?force=true&redirect=%2Fbusiness',
    });
    expect(authEntryHandover(at('/auth/login'), { pathname: '/auth/logout' })).toEqual({ how: 'assign', to: '/auth/login' });
  });

  it('opens the page by its file when the app was itself served for that address (no reload loop)', () => {
    const handover = authEntryHandover(at('/auth/forgot-password-reset?id=ab&login=awa'), { pathname: '/auth/forgot-password-reset' });
    expect(handover.how).toBe('replace');
    expect(handover.to).toBe(`/auth.html#${encodeURIComponent('/auth/forgot-password-reset?id=ab&login=awa')}`);
  });
});
