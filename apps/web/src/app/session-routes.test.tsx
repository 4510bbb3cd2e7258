import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountUser } from '@app/contracts/auth';
import { accounts } from '../lib/session/account-store';
import { grant, makeAccount, makeAgent, makeUser } from '../test/account-fixtures';
import { renderRoute } from '../test/render-route';
import { authEntryNavigation } from './auth-entry-handover';

// Sign-in is the light page (auth.html): the shell loads it, recorded here (jsdom loads no page).
const leaveFor = authEntryNavigation.leave;
const leave = vi.fn(async (_how: 'assign' | 'replace', _to: string) => undefined);
authEntryNavigation.leave = leave;

/** The shell has loaded the light page at `pathname`; resolves the address it loaded. */
async function leftFor(pathname: string): Promise<URL> {
  await waitFor(() => expect(leave).toHaveBeenCalled());
  const [how, to] = leave.mock.calls.at(-1)!;
  expect(how).toBe('assign');
  const url = new URL(to, 'http://localhost');
  expect(url.pathname).toBe(pathname);
  return url;
}

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

afterAll(() => {
  authEntryNavigation.leave = leaveFor;
});

afterEach(() => {
  leave.mockClear();
  cleanup();
  act(() => notifications.clean());
  for (const account of accounts.list()) accounts.remove(account.sid);
  vi.unstubAllGlobals();
});

describe('session routes', { timeout: 30_000 }, () => {
  it('an unknown session goes to login, carrying the page without its first segment', async () => {
    serveUser(makeUser());
    await renderRoute('/zz98zz/business?tab=1');
    const query = (await leftFor('/auth/login')).searchParams;
    expect(query.get('redirect')).toBe('/business?tab=1');
    expect(query.get('force')).toBe('true');
  });

  it('an export link to a file signs in first, then opens it in the account used', async () => {
    serveUser(makeUser());
    await renderRoute('/medias/7');
    expect((await leftFor('/auth/login')).searchParams.get('redirect')).toBe('/medias/7');
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

  it('sign-in and its mobile variant are the light page: the shell loads them, query kept (rule 5 is applied there)', async () => {
    storeAccount({ id: 33, type: 'admin' });
    await renderRoute('/auth/login?redirect=%2Fprofile');
    expect((await leftFor('/auth/login')).search).toBe('?redirect=%2Fprofile');
    cleanup();
    await renderRoute('/auth/mobile');
    await leftFor('/auth/mobile');
    cleanup();
    await renderRoute('/auth/forgot-password-reset?id=ab');
    expect((await leftFor('/auth/forgot-password-reset')).searchParams.get('id')).toBe('ab');
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
    await renderRoute('/zz97zz/auth');
    const query = (await leftFor('/auth/login')).searchParams;
    expect(query.get('redirect')).toBe('/auth');
    expect(query.get('force')).toBe('true');
  });

  it('/{sessionID}/auth/logout requires sign-in: an unknown session has nothing to end and goes to sign-in; ?force=true stays public', async () => {
    serveUser(makeUser());
    await renderRoute('/zz96zz/auth/logout');
    // No way back to the logout page after signing in, and no "logged out" page or toast.
    expect((await leftFor('/auth/login')).searchParams.get('redirect')).toBeNull();
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
