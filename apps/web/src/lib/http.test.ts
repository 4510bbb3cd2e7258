import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, type HttpClientOptions } from './http';
import { ApiError, buildServerMessage } from './http-error';
import { retryDelayMs } from './http-retry';

type Call = { url: string; init: RequestInit };

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** A fetch that answers from a script and records every call. */
function fakeFetch(...answers: Array<Response | Error | ((init: RequestInit) => Promise<Response>)>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    const next = answers.length > 1 ? answers.shift()! : answers[0];
    if (next instanceof Error) throw next;
    if (typeof next === 'function') return next(init);
    return next.clone();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function client(fetch: typeof globalThis.fetch, extra: Partial<HttpClientOptions> = {}) {
  const sleep = vi.fn(async () => undefined);
  const http = createHttpClient({
    fetch,
    sleep,
    random: () => 1,
    getLanguage: () => 'fr',
    describeNoResponse: (kind) => (kind === 'timeout' ? 'délai dépassé' : 'réseau indisponible'),
    ...extra,
  });
  return { http, sleep };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('error message (section 8)', () => {
  it('joins the server message and every string or list of strings under data', () => {
    const body = { success: false, message: 'Données invalides', data: { login: ['Trop court', 'Inconnu'], note: 'Vide', n: 3 } };
    expect(buildServerMessage(body)).toBe('Données invalides\nTrop court\nInconnu\nVide');
  });

  it('falls back to the French status message when the server said nothing', async () => {
    const { fetch } = fakeFetch(jsonResponse(404, undefined));
    const error = await caught(client(fetch).http.get('surveys/9'));
    expect(error.status).toBe(404);
    expect(error.kind).toBe('http');
    expect(error.message).toBe("La ressource recherchée n'existe pas ou a été supprimée.");
  });

  it('uses the current language for the status message', async () => {
    const { fetch } = fakeFetch(jsonResponse(403, { success: false }));
    const error = await caught(client(fetch, { getLanguage: () => 'en' }).http.get('roles'));
    expect(error.message).toBe('You are not authorised to perform this operation.');
  });

  it('keeps field errors for forms and reports every failure to onError', async () => {
    const onError = vi.fn();
    const body = { success: false, message: 'Validation', data: { password: ['Requis'] } };
    const { fetch } = fakeFetch(jsonResponse(422, body));
    const error = await caught(client(fetch, { onError }).http.post('auth/login', {}));
    expect(error.message).toBe('Validation\nRequis');
    expect(error.fieldErrors).toEqual({ password: ['Requis'] });
    expect(onError).toHaveBeenCalledWith(error, { method: 'POST', path: 'auth/login', session: null });
  });

  it('turns a call without an answer into status 0 with the network message', async () => {
    const { fetch } = fakeFetch(new TypeError('Failed to fetch'));
    const error = await caught(client(fetch, { retries: 0 }).http.post('pins', {}));
    expect(error).toMatchObject({ status: 0, kind: 'network', message: 'réseau indisponible' });
  });
});

describe('responses', () => {
  it('reads data, and meta for lists', async () => {
    const meta = { limit: 10, page: 0, start: 0, has_more: true };
    const { fetch } = fakeFetch(jsonResponse(200, { success: true, data: [{ id: 1 }], meta }));
    const result = await client(fetch).http.list('surveys', { limit: 10 });
    expect(result).toEqual({ data: [{ id: 1 }], meta });
  });

  it('answers undefined for an empty 204', async () => {
    const { fetch } = fakeFetch(new Response(null, { status: 204 }));
    await expect(client(fetch).http.delete('pins/1')).resolves.toBeUndefined();
  });
});

describe('requests', () => {
  it('encodes the query object as a bracket query string under /api/v2', async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(200, { success: true, data: [] }));
    await client(fetch).http.list('surveys', {
      filter_groups: [{ or: false, filters: [{ key: 'status', operator: 'eq', value: 'published' }] }],
      sort: [{ key: 'created_at', direction: 'desc' }],
      limit: 10,
    });
    const url = new URL(calls[0].url, 'http://x');
    expect(url.pathname).toBe('/api/v2/surveys');
    expect(decodeURIComponent(url.search)).toBe(
      '?filter_groups[0][or]=false&filter_groups[0][filters][0][key]=status&filter_groups[0][filters][0][operator]=eq' +
        '&filter_groups[0][filters][0][value]=published&sort[0][key]=created_at&sort[0][direction]=desc&limit=10',
    );
  });

  it('sends the session, app and language headers', async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(200, { success: true, data: {} }));
    const { http } = client(fetch, {
      getSession: () => ({ token: 'tok', userId: 7, agentId: 12 }),
      getLanguage: () => 'es-MX',
    });
    await http.get('auth');
    const headers = new Headers(calls[0].init.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('userID')).toBe('7');
    expect(headers.get('Agent-id')).toBe('12');
    expect(headers.get('App-Type')).toBe('WEB');
    expect(headers.get('App-Env')).toBe('production');
    expect(headers.get('Accept-Language')).toBe('es-MX');
  });

  it('omits the session headers without a session and Agent-id for admins', async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(200, { success: true, data: {} }));
    let session: { token: string; userId: number } | null = null;
    const { http } = client(fetch, { getSession: () => session });
    await http.get('auth/test');
    session = { token: 'admin-token', userId: 1 };
    await http.get('auth');
    const [anonymous, admin] = calls.map((call) => new Headers(call.init.headers));
    expect(anonymous.has('Authorization')).toBe(false);
    expect(anonymous.has('userID')).toBe(false);
    expect(admin.get('Authorization')).toBe('Bearer admin-token');
    expect(admin.has('Agent-id')).toBe(false);
  });

  it('sends JSON by default and FormData as multipart without forcing the content type', async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(200, { success: true, data: {} }));
    const { http } = client(fetch);
    await http.post('surveys', { title: 'Satisfaction' });
    const form = new FormData();
    form.append('file', new Blob(['a;b']), 'agents.csv');
    await http.post('companies/1/importagents', form);
    expect(new Headers(calls[0].init.headers).get('Content-Type')).toBe('application/json');
    expect(calls[0].init.body).toBe('{"title":"Satisfaction"}');
    expect(calls[1].init.body).toBe(form);
    expect(new Headers(calls[1].init.headers).has('Content-Type')).toBe(false);
  });
});

describe('retry policy', () => {
  it('retries a GET on 502/503/504 and network errors, up to 5 times', async () => {
    const { fetch, calls } = fakeFetch(
      jsonResponse(503, {}),
      new TypeError('offline'),
      jsonResponse(502, {}),
      jsonResponse(200, { success: true, data: 'ok' }),
    );
    const { http, sleep } = client(fetch);
    await expect(http.get('overview')).resolves.toBe('ok');
    expect(calls).toHaveLength(4);
    expect(sleep).toHaveBeenCalledTimes(3);
  });

  it('gives up after 5 retries (6 attempts) with the last error', async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(504, {}));
    const error = await caught(client(fetch).http.get('overview'));
    expect(calls).toHaveLength(6);
    expect(error.status).toBe(504);
  });

  it('never retries a POST without an Idempotency-Key', async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(503, {}));
    await caught(client(fetch).http.post('surveys', {}));
    expect(calls).toHaveLength(1);
  });

  it('retries a POST carrying an Idempotency-Key, and sends the key', async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(503, {}), jsonResponse(200, { success: true, data: 1 }));
    await client(fetch).http.post('participations', {}, { idempotencyKey: 'abc' });
    expect(calls).toHaveLength(2);
    expect(new Headers(calls[1].init.headers).get('Idempotency-Key')).toBe('abc');
  });

  it('does not retry other statuses', async () => {
    const { fetch, calls } = fakeFetch(jsonResponse(500, {}));
    await caught(client(fetch).http.get('overview'));
    expect(calls).toHaveLength(1);
  });

  it('backs off exponentially and honours Retry-After', () => {
    expect([0, 1, 2, 3, 4].map((n) => retryDelayMs(n, null, () => 1))).toEqual([300, 600, 1200, 2400, 4800]);
    expect(retryDelayMs(6, null, () => 1)).toBe(10_000);
    expect(retryDelayMs(0, null, () => 0)).toBe(150);
    expect(retryDelayMs(0, '2', () => 1)).toBe(2000);
    expect(retryDelayMs(0, '600', () => 1)).toBe(30_000);
  });
});

describe('timeout', () => {
  it('aborts after the timeout with a status-0 timeout error, without retrying', async () => {
    const hang = (init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const { fetch, calls } = fakeFetch(hang);
    const error = await caught(client(fetch, { timeoutMs: 20 }).http.get('overview'));
    expect(error).toMatchObject({ status: 0, kind: 'timeout', message: 'délai dépassé' });
    expect(calls).toHaveLength(1);
  });

  it('defaults to 120 s', async () => {
    vi.useFakeTimers();
    try {
      let signal: AbortSignal | undefined;
      const { fetch } = fakeFetch((init) => {
        signal = init.signal ?? undefined;
        return new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      });
      const pending = caught(client(fetch).http.post('exports', {}));
      await vi.advanceTimersByTimeAsync(119_999);
      expect(signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await pending).kind).toBe('timeout');
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a caller cancellation as aborted', async () => {
    const controller = new AbortController();
    const { fetch } = fakeFetch(
      (init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          controller.abort();
        }),
    );
    const error = await caught(client(fetch).http.get('overview', { signal: controller.signal }));
    expect(error.kind).toBe('aborted');
  });
});
