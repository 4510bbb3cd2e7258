import 'fake-indexeddb/auto';
import { createStore, get, type UseStore } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { memoryStore } from './answer-storage';
import type { ParticipationBody } from './answer-types';
import { memoryBlobStore } from './media-store';
import { claimEntry, releaseEntry } from './outbox-claim';
import { type MirroredEntry, readMirror, writeMirror } from './outbox-mirror';
import { pageMirror } from './queue-mirror';
import { createSubmitQueue, type QueueEvent, type QueueTransport } from './submit-queue';
import { sendMirroredOutbox, sendUntilDone, TOKEN_MARGIN_MS, WORKER_SENDER } from './sw-outbox-sender';

const NOW = 1_800_000_000_000;
const AUTH = { token: 'tok-1', userId: 7, agentId: 12, expiresAt: NOW + 10 * 60_000 };

const body = (uuid: string, answers: ParticipationBody['answers'] = [{ question_id: 1, value: 4 }]): ParticipationBody => ({
  survey_code: 'SATDEMO',
  client_uuid: uuid,
  status: 'submitted',
  answers,
});

interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  json: unknown;
}

/**
 * The API as the service worker meets it: stores one participation per client_uuid,
 * takes uploads in one piece; `down` answers nothing (no network).
 */
function fakeApi() {
  const calls: Call[] = [];
  const stored = new Map<string, unknown>();
  const state = { down: false, status: 200 };
  const respond = (status: number, data: unknown) => new Response(JSON.stringify({ success: status < 400, data, message: status < 400 ? undefined : 'Refusé' }), { status });
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (state.down) throw new TypeError('Failed to fetch');
    const url = new URL(String(input), 'http://phone.test');
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>));
    const json = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    calls.push({ method: init?.method ?? 'GET', path: url.pathname, headers, json });
    if (state.status >= 400) return respond(state.status, null);
    if (url.pathname.endsWith('/medias/uploads')) return respond(200, { id: 'up-1', size: (json as { size: number }).size, offset: 0, media: null });
    if (url.pathname.includes('/medias/uploads/')) return respond(200, { id: 'up-1', size: 3, offset: 3, media: { id: 777, original_name: 'guichet.jpg' } });
    const participation = json as ParticipationBody;
    if (!stored.has(participation.client_uuid)) stored.set(participation.client_uuid, participation);
    return respond(201, { id: 42, status: participation.status });
  }) as typeof globalThis.fetch;
  return { fetch, calls, stored, state, submits: () => calls.filter((c) => c.path.endsWith('/participations')) };
}

let db: UseStore;
let n = 0;
beforeEach(() => {
  n += 1;
  db = createStore(`enq-outbox-sw-test-${n}`, 'entries');
});

describe('service worker sending the mirrored outbox (Background Sync)', () => {
  it('sends a waiting participation with the account token and marks it sent, once', async () => {
    const api = fakeApi();
    await writeMirror('outbox:s1', [{ body: body('uuid-1'), version: 2 }], { signedIn: true, auth: AUTH }, db);
    const report = await sendMirroredOutbox({ blobs: memoryBlobStore(), fetch: api.fetch, db, now: () => NOW });
    expect(report).toEqual({ sent: 1, left: 0, retry: false });
    expect(api.submits()).toHaveLength(1);
    expect(api.submits()[0].headers).toMatchObject({ Authorization: 'Bearer tok-1', userID: '7', 'Agent-id': '12' });
    expect(api.submits()[0].json).toMatchObject({ client_uuid: 'uuid-1', answers: [{ question_id: 1, value: 4 }] });
    expect(await get<MirroredEntry>('uuid-1', db)).toMatchObject({ sent: { version: 2, receipt: { id: 42 } }, claim: null });
    // A second sync finds nothing to do.
    expect(await sendMirroredOutbox({ blobs: memoryBlobStore(), fetch: api.fetch, db, now: () => NOW })).toEqual({ sent: 0, left: 0, retry: false });
    expect(api.submits()).toHaveLength(1);
  });

  it('leaves to the page an entry whose token lapsed (or lapses within the margin) or whose account is gone', async () => {
    const api = fakeApi();
    await writeMirror('outbox:s1', [{ body: body('uuid-1'), version: 1 }], { signedIn: true, auth: { ...AUTH, expiresAt: NOW + TOKEN_MARGIN_MS - 1 } }, db);
    await writeMirror('outbox:s2', [{ body: body('uuid-2'), version: 1 }], { signedIn: true, auth: null }, db);
    expect(await sendMirroredOutbox({ blobs: memoryBlobStore(), fetch: api.fetch, db, now: () => NOW })).toEqual({ sent: 0, left: 2, retry: false });
    expect(api.calls).toEqual([]);
    expect((await readMirror(db)).every((r) => r.claim === null && r.sent === null)).toBe(true);
  });

  it('does not touch an entry the page is sending now', async () => {
    const api = fakeApi();
    await writeMirror('outbox:public', [{ body: body('uuid-1'), version: 1 }], { signedIn: false, auth: null }, db);
    expect((await claimEntry('uuid-1', 'page:1', NOW, db)).state).toBe('claimed');
    expect(await sendMirroredOutbox({ blobs: memoryBlobStore(), fetch: api.fetch, db, now: () => NOW })).toEqual({ sent: 0, left: 1, retry: false });
    expect(api.calls).toEqual([]);
  });

  it('no network: asks the browser to retry, releases the entry, and keeps a photo it uploaded for the next sender', async () => {
    const api = fakeApi();
    const blobs = memoryBlobStore();
    await blobs.put('pending:p1', new Blob(['abc'], { type: 'image/jpeg' }), 'guichet.jpg');
    const withPhoto = body('uuid-1', [{ question_id: 2, value: { pending: 'pending:p1', name: 'guichet.jpg' } as never }]);
    await writeMirror('outbox:public', [{ body: withPhoto, version: 1 }], { signedIn: false, auth: null }, db);
    // The photo goes, then the network drops before the participation does.
    const fetchThenDrop = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/participations')) api.state.down = true;
      return api.fetch(input, init);
    }) as typeof fetch;
    expect(await sendMirroredOutbox({ blobs, fetch: fetchThenDrop, db, now: () => NOW })).toEqual({ sent: 0, left: 0, retry: true });
    expect(await get<MirroredEntry>('uuid-1', db)).toMatchObject({ claim: null, sent: null, uploaded: { 'pending:p1': { id: 777 } } });
    // Back online: the participation names the uploaded photo, which is not sent again.
    api.state.down = false;
    const uploadsBefore = api.calls.filter((c) => c.path.includes('/medias/')).length;
    expect(await sendMirroredOutbox({ blobs, fetch: api.fetch, db, now: () => NOW })).toEqual({ sent: 1, left: 0, retry: false });
    expect(api.calls.filter((c) => c.path.includes('/medias/')).length).toBe(uploadsBefore);
    expect(api.submits().at(-1)?.json).toMatchObject({ answers: [{ question_id: 2, value: 777 }] });
    expect(await blobs.get('pending:p1')).toBeNull();
  });

  it('a refusal is left to the page, which tells the agent', async () => {
    const api = fakeApi();
    api.state.status = 422;
    await writeMirror('outbox:public', [{ body: body('uuid-1'), version: 1 }], { signedIn: false, auth: null }, db);
    expect(await sendMirroredOutbox({ blobs: memoryBlobStore(), fetch: api.fetch, db, now: () => NOW })).toEqual({ sent: 0, left: 1, retry: false });
    expect(await get<MirroredEntry>('uuid-1', db)).toMatchObject({ claim: null, sent: null });
  });
});

describe('tries inside one sync event', () => {
  it('waits and tries again while there is no network, and sends once it is back', async () => {
    const api = fakeApi();
    api.state.down = true;
    await writeMirror('outbox:public', [{ body: body('uuid-1'), version: 1 }], { signedIn: false, auth: null }, db);
    const waited: number[] = [];
    const report = await sendUntilDone(
      { blobs: memoryBlobStore(), fetch: api.fetch, db, now: () => NOW },
      {
        waits: [5, 10, 20],
        sleep: async (ms) => {
          waited.push(ms);
          // The link comes back during the second wait.
          if (waited.length === 2) api.state.down = false;
        },
      },
    );
    expect(waited).toEqual([5, 10]);
    expect(report).toEqual({ sent: 1, left: 0, retry: false });
    expect(api.stored.size).toBe(1);
  });

  it('rejects when the network never comes back (the browser retries later), except on its last chance', async () => {
    const api = fakeApi();
    api.state.down = true;
    await writeMirror('outbox:public', [{ body: body('uuid-1'), version: 1 }], { signedIn: false, auth: null }, db);
    const options = { blobs: memoryBlobStore(), fetch: api.fetch, db, now: () => NOW };
    await expect(sendUntilDone(options, { waits: [1], sleep: async () => undefined })).rejects.toThrow(/no network/);
    expect(await sendUntilDone(options, { waits: [1], sleep: async () => undefined, lastChance: true })).toMatchObject({ sent: 0, retry: true });
    expect(await get<MirroredEntry>('uuid-1', db)).toMatchObject({ claim: null, sent: null });
  });
});

describe('the page and the service worker over one outbox', () => {
  function pageQueue(transport: QueueTransport, store = memoryStore(), tab = memoryStore()) {
    const events: QueueEvent[] = [];
    const syncs = { requested: 0 };
    let online = false;
    const queue = createSubmitQueue({
      transport,
      store,
      blobs: memoryBlobStore(),
      storageKey: 'outbox:public',
      isOnline: () => online,
      setTimer: () => 0,
      clearTimer: () => undefined,
      mirror: pageMirror({ signedIn: false, db, tab, requestSync: () => {
          syncs.requested += 1;
        },
      }),
    });
    queue.subscribe((e) => events.push(e));
    return { queue, events, syncs, store, goOnline: () => (online = true) };
  }

  it('queued offline by the page, sent by the service worker: the page then forgets it without sending it again', async () => {
    const api = fakeApi();
    const transport: QueueTransport = {
      submit: async () => {
        throw new Error('the page must not send what the service worker sent');
      },
      upload: async () => {
        throw new Error('no upload expected');
      },
    };
    const page = pageQueue(transport);
    await page.queue.enqueue(body('uuid-1'));
    // Offline: queued, mirrored, and the browser asked for a sync.
    expect(page.queue.size()).toBe(1);
    expect(page.syncs.requested).toBeGreaterThan(0);
    // Wait for the mirror write chained behind the enqueue.
    await page.queue.flush();
    expect((await readMirror(db)).map((r) => r.clientUuid)).toEqual(['uuid-1']);

    expect(await sendMirroredOutbox({ blobs: memoryBlobStore(), fetch: api.fetch, db, now: () => NOW })).toMatchObject({ sent: 1 });
    page.goOnline();
    await page.queue.flush();
    expect(page.queue.size()).toBe(0);
    expect(page.events).toContainEqual({ type: 'sent', clientUuid: 'uuid-1', final: true, receipt: { id: 42, status: 'submitted' } });
    expect(api.stored.size).toBe(1);
    // The mirror is emptied with the page's outbox.
    await page.queue.flush();
    expect(await readMirror(db)).toEqual([]);
  });

  it('while the service worker holds an entry the page does not send it; once released, the page sends it', async () => {
    let submits = 0;
    const transport: QueueTransport = {
      submit: async (b) => {
        submits += 1;
        return { id: 43, status: b.status };
      },
      upload: async () => ({ id: 1 }),
    };
    const page = pageQueue(transport);
    await page.queue.enqueue(body('uuid-1'));
    await page.queue.flush();
    expect((await claimEntry('uuid-1', WORKER_SENDER, Date.now(), db)).state).toBe('claimed');
    page.goOnline();
    await page.queue.flush();
    expect(submits).toBe(0);
    expect(page.queue.size()).toBe(1);
    await releaseEntry('uuid-1', WORKER_SENDER, {}, db);
    await page.queue.flush();
    expect(submits).toBe(1);
    expect(page.queue.size()).toBe(0);
  });

  it('a page reloaded while it was sending takes its own claim back: the final send goes at once, not once the claim lapsed', async () => {
    const store = memoryStore();
    const tab = memoryStore();
    // The first page claims the step's answers and sends them; the reload ends it mid-send.
    let sending!: () => void;
    const sendStarted = new Promise<void>((resolve) => {
      sending = resolve;
    });
    const neverAnswered: QueueTransport = {
      submit: () => {
        sending();
        return new Promise(() => undefined);
      },
      upload: async () => ({ id: 1 }),
    };
    const first = pageQueue(neverAnswered, store, tab);
    first.goOnline();
    void first.queue.enqueue({ ...body('uuid-1'), status: 'in_progress' });
    await sendStarted;
    expect((await get<MirroredEntry>('uuid-1', db))?.claim).not.toBeNull();

    // Another tab leaves a live claim alone.
    let submits = 0;
    const transport: QueueTransport = {
      submit: async (b) => {
        submits += 1;
        return { id: 44, status: b.status };
      },
      upload: async () => ({ id: 1 }),
    };
    const otherTab = pageQueue(transport, store);
    otherTab.goOnline();
    await otherTab.queue.flush();
    expect(submits).toBe(0);

    // The reloaded page, in the same tab, sends the final answers now.
    const reloaded = pageQueue(transport, store, tab);
    reloaded.goOnline();
    await reloaded.queue.enqueue(body('uuid-1'));
    expect(submits).toBe(1);
    expect(reloaded.queue.size()).toBe(0);
    expect(reloaded.events).toContainEqual({ type: 'sent', clientUuid: 'uuid-1', final: true, receipt: { id: 44, status: 'submitted' } });
  });
});
