import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { answerPageFallback, forgetGoneMedia } from './sw-answer-plugins';

/** The Cache Storage of a browser, as far as the strategies use it: named caches of responses by URL. */
function fakeCacheStorage() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    const url = (request: RequestInfo | URL) => (typeof request === 'string' ? request : request instanceof URL ? request.href : request.url);
    return {
      match: async (request: RequestInfo | URL) => store.get(url(request))?.clone(),
      put: async (request: RequestInfo | URL, response: Response) => void store.set(url(request), response),
      delete: async (request: RequestInfo | URL) => store.delete(url(request)),
      keys: async () => [...store.keys()].map((key) => new Request(key)),
    };
  };
  const match = async (request: RequestInfo | URL, options?: { cacheName?: string }) => (await open(options?.cacheName ?? 'default')).match(request);
  return { storage: { open, match, has: async (name: string) => stores.has(name) }, stores };
}

/** Runs a strategy for one request the way the worker's fetch event does, and waits for its background work. */
async function respond(strategy: NetworkOnly | StaleWhileRevalidate, url: string) {
  // A page has no worker events; the strategies check the event's class (instanceof).
  const waits: Promise<unknown>[] = [];
  class ExtendableEvent {
    waitUntil(promise: Promise<unknown>) {
      waits.push(promise);
    }
  }
  vi.stubGlobal('FetchEvent', class FetchEvent extends ExtendableEvent {});
  vi.stubGlobal('ExtendableEvent', ExtendableEvent);
  const event = new ExtendableEvent() as never;
  const [response, done] = strategy.handleAll({ request: new Request(url), event });
  const answered = await response;
  await done;
  await Promise.all(waits);
  return answered;
}

const ANSWER_PAGE = 'https://enquetes.test/m/ABC123';
const PHOTO = 'https://enquetes.test/api/v2/medias/7/content?key=k-1';
const precachedPage = () => Promise.resolve(new Response('<html>answer.html</html>', { status: 200 }));

afterEach(() => vi.unstubAllGlobals());

describe('the answering addresses: the network’s page, else the precached answer.html', () => {
  const route = () => new NetworkOnly({ networkTimeoutSeconds: 5, plugins: [answerPageFallback(precachedPage)] });

  it.each([502, 503, 504])('serves the precached page when a proxy answers %i', async (status) => {
    vi.stubGlobal('fetch', async () => new Response('Bad gateway', { status }));
    const answered = await respond(route(), ANSWER_PAGE);
    expect(answered.status).toBe(200);
    expect(await answered.text()).toBe('<html>answer.html</html>');
  });

  it('serves the precached page without a network', async () => {
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await (await respond(route(), ANSWER_PAGE)).text()).toBe('<html>answer.html</html>');
  });

  it('passes the server’s own answers through: the page, a 404, a 500', async () => {
    for (const [status, body] of [[200, 'fresh page'], [404, 'not found'], [500, 'server error']] as const) {
      vi.stubGlobal('fetch', async () => new Response(body, { status }));
      const answered = await respond(route(), ANSWER_PAGE);
      expect(answered.status).toBe(status);
      expect(await answered.text()).toBe(body);
    }
  });

  it('keeps the gateway’s answer when nothing is precached', async () => {
    vi.stubGlobal('fetch', async () => new Response('Bad gateway', { status: 502 }));
    const strategy = new NetworkOnly({ plugins: [answerPageFallback(async () => undefined)] });
    expect((await respond(strategy, ANSWER_PAGE)).status).toBe(502);
  });
});

describe('the answer-media cache: the kept photo at once, forgotten once the server says it is gone', () => {
  const route = () => new StaleWhileRevalidate({ cacheName: 'answer-media', plugins: [forgetGoneMedia(() => caches.open('answer-media'))] });

  it('keeps a sent photo for offline views, and drops it after the server answers 404', async () => {
    const { storage, stores } = fakeCacheStorage();
    vi.stubGlobal('caches', storage);
    vi.stubGlobal('fetch', async () => new Response('jpeg bytes', { status: 200 }));
    expect(await (await respond(route(), PHOTO)).text()).toBe('jpeg bytes');
    expect(stores.get('answer-media')?.has(PHOTO)).toBe(true);

    // Offline: the kept copy.
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await (await respond(route(), PHOTO)).text()).toBe('jpeg bytes');
    expect(stores.get('answer-media')?.has(PHOTO)).toBe(true);

    // Removed on the server: this view still gets the copy (the cache answers before the
    // network does), the check deletes it…
    vi.stubGlobal('fetch', () => new Promise((resolve) => setTimeout(() => resolve(new Response('not found', { status: 404 })), 20)));
    expect(await (await respond(route(), PHOTO)).text()).toBe('jpeg bytes');
    expect(stores.get('answer-media')?.has(PHOTO)).toBe(false);
    // …and the next view shows what the server shows.
    expect((await respond(route(), PHOTO)).status).toBe(404);
  });

  it('keeps the photo through a server error: only 404 and 410 mean gone', async () => {
    const { storage, stores } = fakeCacheStorage();
    vi.stubGlobal('caches', storage);
    vi.stubGlobal('fetch', async () => new Response('jpeg bytes', { status: 200 }));
    await respond(route(), PHOTO);
    for (const status of [500, 503, 429]) {
      vi.stubGlobal('fetch', async () => new Response('later', { status }));
      expect(await (await respond(route(), PHOTO)).text()).toBe('jpeg bytes');
      expect(stores.get('answer-media')?.get(PHOTO)).toBeDefined();
    }
    vi.stubGlobal('fetch', async () => new Response('gone', { status: 410 }));
    await respond(route(), PHOTO);
    expect(stores.get('answer-media')?.has(PHOTO)).toBe(false);
  });
});
