import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, type HttpClientOptions, type RequestSession } from './http';
import { ApiError } from './http-error';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch answering from a list, recording the Authorization header of each call. */
function scriptedFetch(...answers: Response[]) {
  const tokens: Array<string | null> = [];
  const agents: Array<string | null> = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    tokens.push(headers.get('Authorization'));
    agents.push(headers.get('Agent-id'));
    return answers.shift()!;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, tokens, agents };
}

function client(fetch: typeof globalThis.fetch, extra: Partial<HttpClientOptions>) {
  return createHttpClient({ fetch, sleep: async () => undefined, describeNoResponse: () => 'réseau', ...extra });
}

const alice: RequestSession = { token: 'old', userId: 7, agentId: 3 };

describe('session of a call', () => {
  it('sends the session of getSession: bearer, userID and Agent-id', async () => {
    const { fetch, tokens, agents } = scriptedFetch(jsonResponse(200, { success: true, data: 1 }));
    await client(fetch, { getSession: () => alice }).get('auth');
    expect(tokens).toEqual(['Bearer old']);
    expect(agents).toEqual(['3']);
  });

  it('prefers an explicit session, and sends nothing with session null', async () => {
    const { fetch, tokens } = scriptedFetch(jsonResponse(200, { data: 1 }), jsonResponse(200, { data: 2 }));
    const http = client(fetch, { getSession: () => alice });
    await http.get('auth', { session: { token: 'other', userId: 9 } });
    await http.get('auth/providers', { session: null });
    expect(tokens).toEqual(['Bearer other', null]);
  });
});

describe('498: renew once, then replay', () => {
  it('replays the call with the renewed token', async () => {
    const { fetch, tokens } = scriptedFetch(jsonResponse(498, { success: false }), jsonResponse(200, { data: 'ok' }));
    const renewSession = vi.fn(async () => ({ ...alice, token: 'new' }));
    const result = await client(fetch, { getSession: () => alice, renewSession }).get('auth');
    expect(result).toBe('ok');
    expect(renewSession).toHaveBeenCalledWith(alice);
    expect(tokens).toEqual(['Bearer old', 'Bearer new']);
  });

  it('reports the 498 when the renewal fails, without replaying', async () => {
    const { fetch, tokens } = scriptedFetch(jsonResponse(498, { success: false }));
    const onError = vi.fn();
    const renewSession = vi.fn(async () => null);
    const failure = client(fetch, { getSession: () => alice, renewSession, onError }).get('auth');
    await expect(failure).rejects.toMatchObject({ status: 498 });
    expect(tokens).toHaveLength(1);
    expect(onError).toHaveBeenCalledWith(expect.any(ApiError), { method: 'GET', path: 'auth', session: alice });
  });

  it('renews only once: a second 498 is final and names the renewed session', async () => {
    const { fetch } = scriptedFetch(jsonResponse(498, {}), jsonResponse(498, {}));
    const onError = vi.fn();
    const renewed = { ...alice, token: 'new' };
    const renewSession = vi.fn(async () => renewed);
    await expect(client(fetch, { getSession: () => alice, renewSession, onError }).get('auth')).rejects.toMatchObject({
      status: 498,
    });
    expect(renewSession).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0][1].session).toBe(renewed);
  });

  it('does not try to renew an anonymous call', async () => {
    const { fetch } = scriptedFetch(jsonResponse(498, {}));
    const renewSession = vi.fn(async () => alice);
    await expect(client(fetch, { renewSession }).post('auth/login', {})).rejects.toMatchObject({ status: 498 });
    expect(renewSession).not.toHaveBeenCalled();
  });
});
