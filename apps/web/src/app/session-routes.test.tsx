import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountUser } from '@app/contracts/auth';
import { accounts } from '../lib/session/account-store';
import { grant, makeAccount, makeAgent, makeUser } from '../test/account-fixtures';
import { renderRoute } from '../test/render-route';

/** The server as the route loaders see it: GET auth answers the user, the rest is empty. */
function serveUser(user: AccountUser) {
  const byPath: Record<string, unknown> = {
    '/api/v2/auth': user,
    '/api/v2/auth/providers': { google: false, facebook: false, google_client_id: null, facebook_app_id: null },
    '/api/v2/invitations/mine': [],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => new Response(JSON.stringify({ success: true, data: byPath[String(url)] ?? [] }), { status: 200 })),
  );
}

let sidCounter = 0;
function storeAccount(user: Partial<AccountUser>) {
  const account = makeAccount(`r${String(++sidCounter).padStart(4, '0')}z`, user);
  accounts.save(account);
  serveUser(makeUser(user));
  return account;
}

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  for (const account of accounts.list()) accounts.remove(account.sid);
  vi.unstubAllGlobals();
});

describe('session routes', { timeout: 30_000 }, () => {
  it('an unknown session goes to login, carrying the page without its first segment', async () => {
    serveUser(makeUser());
    const { router } = await renderRoute('/zz98zz/business?tab=1');
    await screen.findByTestId('login-form');
    expect(router.state.location.pathname).toBe('/auth/login');
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('redirect')).toBe('/business?tab=1');
    expect(query.get('force')).toBe('true');
  });

  it('an export link to a file signs in first, then opens it in the account used', async () => {
    serveUser(makeUser());
    const { router } = await renderRoute('/medias/7');
    await screen.findByTestId('login-form');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/medias/7');
    cleanup();
    const account = storeAccount({ id: 30, type: 'agent', agents: [makeAgent(5, 50, grant('medias.show'))] });
    accounts.markUsed(account.sid);
    const signedIn = await renderRoute('/medias/7');
    await waitFor(() => expect(signedIn.router.state.location.pathname).toBe(`/${account.sid}/medias/7`));
  });

  it('a customer on the admin area is sent to /error/403', async () => {
    const account = storeAccount({ id: 31, type: 'customer' });
    const { router } = await renderRoute(`/${account.sid}/mnt`);
    await screen.findByTestId('error-page');
    expect(router.state.location.pathname).toBe('/error/403');
  });

  it('the session root opens the home of the account: business for an agent', async () => {
    const account = storeAccount({ id: 32, type: 'agent', agents: [makeAgent(5, 50, grant('sites.list'))] });
    const { router } = await renderRoute(`/${account.sid}`);
    await screen.findByTestId('business-home');
    expect(router.state.location.pathname).toBe(`/${account.sid}/business`);
    expect(screen.getByTestId('active-company').textContent).toBe('Entreprise 50');
  });

  it('login without force goes home while signed in; the mobile variant stays', async () => {
    const account = storeAccount({ id: 33, type: 'admin' });
    const { router } = await renderRoute('/auth/login');
    await screen.findByTestId('admin-home');
    expect(router.state.location.pathname).toBe(`/${account.sid}/mnt`);
    cleanup();
    const mobile = await renderRoute('/auth/mobile');
    await screen.findByTestId('login-form');
    expect(mobile.router.state.location.pathname).toBe('/auth/mobile');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Connexion (application mobile)');
  });

  it('an account that must change its password only reaches the reset page', async () => {
    const account = storeAccount({ id: 34, type: 'customer', has_to_change_password: 1 });
    const { router } = await renderRoute(`/${account.sid}/web`);
    await screen.findByTestId('password-reset-page');
    expect(router.state.location.pathname).toBe(`/${account.sid}/auth/password-reset`);
  });

  it('/{sessionID}/auth forwards to sign-in, which sends the signed-in account home', async () => {
    const account = storeAccount({ id: 35, type: 'customer' });
    const { router } = await renderRoute(`/${account.sid}/auth`);
    await screen.findByTestId('business-home');
    expect(router.state.location.pathname).toBe(`/${account.sid}/business`);
  });

  it('/{sessionID}/auth requires sign-in: an unknown session signs in first (rule 1)', async () => {
    serveUser(makeUser());
    const { router } = await renderRoute('/zz97zz/auth');
    await screen.findByTestId('login-form');
    expect(router.state.location.pathname).toBe('/auth/login');
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('redirect')).toBe('/auth');
    expect(query.get('force')).toBe('true');
  });

  it('/{sessionID}/auth/logout requires sign-in: an unknown session has nothing to end and goes to sign-in; ?force=true stays public', async () => {
    serveUser(makeUser());
    const { router } = await renderRoute('/zz96zz/auth/logout');
    await screen.findByTestId('login-form');
    expect(router.state.location.pathname).toBe('/auth/login');
    // No way back to the logout page after signing in, and no "logged out" page or toast.
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBeNull();
    expect(screen.queryByTestId('logout')).toBeNull();
    expect(screen.queryByText('Vous êtes déconnecté.')).toBeNull();
    cleanup();
    await renderRoute('/zz96zz/auth/logout?force=true');
    await screen.findByTestId('forced-logout');
  });

  it('a partner lands on the overview (section 2: the business root is for agents and customers)', async () => {
    const account = storeAccount({ id: 36, type: 'agent', roles: ['partner'], agents: [makeAgent(6, 60, grant('participations.list', 'agents.list'), { roles: ['partner'] })] });
    const { router } = await renderRoute(`/${account.sid}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${account.sid}/business/view/overview`));
  });
});
