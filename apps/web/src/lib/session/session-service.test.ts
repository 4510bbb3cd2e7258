import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAccount, makeAgent, makeUser } from '../../test/account-fixtures';
import { api } from '../api-client';
import { requestSessionOf } from './account-model';
import { accounts } from './account-store';
import { onSessionEnded } from './session-events';
import { ensureSession, reloadUser, renewForRequest, renewSession, signIn, signOut, switchCompany } from './session-service';
import { followNetwork, installSessionHandling } from './session-wiring';

type Handler = (init: RequestInit) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/** A fetch answering by "METHOD path" and recording the calls. */
function stubServer(routes: Record<string, Handler>) {
  const calls: string[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${String(url).replace('/api/v2/', '')}`;
    calls.push(key);
    const handler = routes[key];
    if (!handler) throw new TypeError('Failed to fetch');
    const { status, body } = await handler(init);
    return new Response(JSON.stringify(status < 400 ? { success: true, data: body } : { success: false, message: 'non' }), { status });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const NOW_S = Math.floor(Date.now() / 1000);
let counter = 0;
/** A fresh session id per test: the store and the start-up cache are module-wide. */
const nextSid = () => `t${String(++counter).padStart(4, '0')}x`;

function store(user: Parameters<typeof makeUser>[0] = {}, exp = NOW_S + 600, expRes = NOW_S + 86_400) {
  const account = makeAccount(nextSid(), user, exp, expRes);
  accounts.save(account);
  return account;
}

const tokens = (suffix: string) => ({
  token: `tok-${suffix}`,
  refresh_token: `ref-${suffix}`,
  expires_at: new Date((NOW_S + 900) * 1000).toISOString(),
  refresh_expires_at: new Date((NOW_S + 86_400) * 1000).toISOString(),
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sign-in', () => {
  it('stores a new account under a new session id, and reuses it for the same user', () => {
    const first = signIn({ ...tokens('a'), user: makeUser({ id: 501 }) });
    expect(accounts.get(first.sid)?.sessionInfo.key).toBe('tok-a');
    expect(accounts.stateOf(first.sid)).toBe('connected');
    const again = signIn({ ...tokens('b'), user: makeUser({ id: 501 }) });
    expect(again.sid).toBe(first.sid);
    expect(accounts.get(first.sid)?.sessionInfo.key).toBe('tok-b');
    const other = signIn({ ...tokens('c'), user: makeUser({ id: 502 }) });
    expect(other.sid).not.toBe(first.sid);
  });
});

describe('start-up (section 4)', () => {
  it('a valid token loads the current user and connects', async () => {
    const account = store({ id: 601, name: 'Avant' });
    const calls = stubServer({ 'GET auth': () => ({ status: 200, body: makeUser({ id: 601, name: 'Après' }) }) });
    const loaded = await ensureSession(account.sid);
    expect(loaded?.usr.name).toBe('Après');
    expect(accounts.stateOf(account.sid)).toBe('connected');
    expect(calls).toEqual(['GET auth']);
  });

  it('later calls do not ask again but see the account as updated since', async () => {
    const account = store({ id: 602, has_to_change_password: 1 });
    stubServer({ 'GET auth': () => ({ status: 200, body: makeUser({ id: 602, has_to_change_password: 1 }) }) });
    await ensureSession(account.sid);
    const calls = stubServer({ 'GET auth': () => ({ status: 200, body: makeUser({ id: 602, has_to_change_password: 0 }) }) });
    await reloadUser(account.sid);
    expect((await ensureSession(account.sid))?.usr.has_to_change_password).toBe(0);
    expect(calls).toEqual(['GET auth']);
  });

  it('an expired access token is renewed first, then the user is loaded', async () => {
    const account = store({ id: 603 }, NOW_S - 5);
    const calls = stubServer({
      'POST auth/refresh': (init) => {
        expect(JSON.parse(String(init.body))).toEqual({ refresh_token: account.sessionInfo.key_res });
        return { status: 200, body: tokens('renewed') };
      },
      'GET auth': (init) => {
        expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok-renewed');
        return { status: 200, body: makeUser({ id: 603 }) };
      },
    });
    expect((await ensureSession(account.sid))?.sessionInfo.key).toBe('tok-renewed');
    expect(calls).toEqual(['POST auth/refresh', 'GET auth']);
    expect(accounts.stateOf(account.sid)).toBe('connected');
  });

  it('both tokens expired: initial, and the stored session is cleared', async () => {
    const account = store({ id: 604 }, NOW_S - 50, NOW_S - 1);
    const calls = stubServer({});
    expect(await ensureSession(account.sid)).toBeNull();
    expect(accounts.stateOf(account.sid)).toBe('initial');
    expect(localStorage.getItem(`account.${account.sid}`)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('no answer: networkError, and the stored account still serves', async () => {
    const account = store({ id: 605 });
    stubServer({});
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void) => {
      fn();
      return 0;
    }) as unknown as typeof setTimeout);
    expect((await ensureSession(account.sid))?.usr.id).toBe(605);
    expect(accounts.stateOf(account.sid)).toBe('networkError');
    vi.restoreAllMocks();
  });

  it('a revoked session (499): disconnected, cleared, and the page is told', async () => {
    const account = store({ id: 606 });
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    stubServer({ 'GET auth': () => ({ status: 499 }) });
    expect(await ensureSession(account.sid)).toBeNull();
    expect(accounts.stateOf(account.sid)).toBe('disconnected');
    expect(ended).toHaveBeenCalledWith(account.sid);
    stop();
  });
});

describe('renewal', () => {
  it('two callers share one refresh', async () => {
    const account = store({ id: 701 });
    const calls = stubServer({ 'POST auth/refresh': () => ({ status: 200, body: tokens('one') }) });
    const [a, b] = await Promise.all([renewSession(account.sid), renewSession(account.sid)]);
    expect(a?.sessionInfo.key).toBe('tok-one');
    expect(b).toBe(a);
    expect(calls).toEqual(['POST auth/refresh']);
  });

  it('uses tokens another tab renewed instead of spending the refresh token again', async () => {
    const account = store({ id: 702 });
    const calls = stubServer({});
    expect((await renewSession(account.sid, 'an-older-token'))?.sessionInfo.key).toBe(account.sessionInfo.key);
    expect(calls).toEqual([]);
  });

  it('a refused refresh disconnects the session', async () => {
    const account = store({ id: 703 });
    stubServer({ 'POST auth/refresh': () => ({ status: 401 }) });
    expect(await renewSession(account.sid)).toBeNull();
    expect(accounts.stateOf(account.sid)).toBe('disconnected');
    expect(accounts.get(account.sid)).toBeNull();
  });

  it('a 498 answer renews once and replays the call (http client + store)', async () => {
    const account = store({ id: 704 });
    let first = true;
    const calls = stubServer({
      'GET devices': () => {
        if (first) {
          first = false;
          return { status: 498 };
        }
        return { status: 200, body: [] };
      },
      'POST auth/refresh': () => ({ status: 200, body: tokens('after498') }),
    });
    const stop = installSessionHandling({ navigate: () => undefined }, { pathname: `/${account.sid}/profile` });
    await expect(api.get('devices')).resolves.toEqual([]);
    expect(calls).toEqual(['GET devices', 'POST auth/refresh', 'GET devices']);
    expect(accounts.get(account.sid)?.sessionInfo.key).toBe('tok-after498');
    stop();
  });

  it('401 on a call of the shown account sends it to its forced logout page', async () => {
    const account = store({ id: 705 });
    stubServer({ 'GET devices': () => ({ status: 401 }) });
    const navigate = vi.fn();
    const stop = installSessionHandling({ navigate }, { pathname: `/${account.sid}/profile` });
    await expect(api.get('devices')).rejects.toMatchObject({ status: 401 });
    expect(navigate).toHaveBeenCalledWith(`/${account.sid}/auth/logout?force=true`);
    expect(accounts.get(account.sid)).toBeNull();
    stop();
  });

  it('renewForRequest finds the account by the token the call carried', async () => {
    const account = store({ id: 706 });
    stubServer({ 'POST auth/refresh': () => ({ status: 200, body: tokens('r706') }) });
    expect(await renewForRequest(requestSessionOf(account))).toMatchObject({ token: 'tok-r706', userId: 706 });
  });
});

describe('logout and company switch', () => {
  it('signing out ends the server session and forgets the account', async () => {
    const account = store({ id: 801 });
    const calls = stubServer({ 'GET auth/logout': () => ({ status: 200, body: null }) });
    await signOut(account.sid);
    expect(calls).toEqual(['GET auth/logout']);
    expect(accounts.get(account.sid)).toBeNull();
  });

  it('a forced sign-out does not call the server', async () => {
    const account = store({ id: 802 });
    const calls = stubServer({});
    await signOut(account.sid, { force: true });
    expect(calls).toEqual([]);
    expect(accounts.get(account.sid)).toBeNull();
  });

  it('switching company sends the new Agent-id and keeps it after the reload', async () => {
    const agents = [makeAgent(10, 100), makeAgent(11, 101)];
    const account = store({ id: 803, agents });
    stubServer({
      'GET auth': (init) => {
        expect(new Headers(init.headers).get('Agent-id')).toBe('11');
        return { status: 200, body: makeUser({ id: 803, agents }) };
      },
    });
    const switched = await switchCompany(account.sid, 11);
    expect(switched?.agents[0].id).toBe(11);
  });
});

describe('a field agent without a network (issue 21)', () => {
  it('going offline keeps every account signed in ("hors ligne"), nothing cleared', async () => {
    const account = store({ id: 901 });
    stubServer({ 'GET auth': () => ({ status: 200, body: makeUser({ id: 901 }) }) });
    await ensureSession(account.sid);
    const network = new EventTarget();
    const stop = followNetwork(network as unknown as Window);
    network.dispatchEvent(new Event('offline'));
    expect(accounts.stateOf(account.sid)).toBe('networkError');
    expect(accounts.get(account.sid)?.usr.id).toBe(901);
    expect(localStorage.getItem(`account.${account.sid}`)).not.toBeNull();
    stop();
  });

  it('back online, a token that lapsed offline is renewed, then the user reloaded', async () => {
    const account = store({ id: 902 }, NOW_S + 600);
    stubServer({ 'GET auth': () => ({ status: 200, body: makeUser({ id: 902 }) }) });
    await ensureSession(account.sid);
    const network = new EventTarget();
    const stop = followNetwork(network as unknown as Window);
    network.dispatchEvent(new Event('offline'));
    // The access token expires while offline.
    accounts.save({ ...accounts.get(account.sid)!, sessionInfo: { ...account.sessionInfo, exp: NOW_S - 5 } });
    const calls = stubServer({
      'POST auth/refresh': () => ({ status: 200, body: tokens('back') }),
      'GET auth': () => ({ status: 200, body: makeUser({ id: 902 }) }),
    });
    network.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(accounts.stateOf(account.sid)).toBe('connected'));
    // (The other accounts this file left in the store reload too: every account comes back.)
    expect(calls.indexOf('POST auth/refresh')).toBeLessThan(calls.lastIndexOf('GET auth'));
    expect(accounts.get(account.sid)?.sessionInfo.key).toBe('tok-back');
    stop();
  });

  it('back online, a session revoked meanwhile is told so (disconnected)', async () => {
    const account = store({ id: 903 });
    stubServer({ 'GET auth': () => ({ status: 200, body: makeUser({ id: 903 }) }) });
    await ensureSession(account.sid);
    const network = new EventTarget();
    const stop = followNetwork(network as unknown as Window);
    network.dispatchEvent(new Event('offline'));
    const ended = vi.fn();
    const stopEnded = onSessionEnded(ended);
    stubServer({ 'GET auth': () => ({ status: 499 }) });
    network.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(accounts.stateOf(account.sid)).toBe('disconnected'));
    expect(ended).toHaveBeenCalledWith(account.sid);
    stopEnded();
    stop();
  });
});
