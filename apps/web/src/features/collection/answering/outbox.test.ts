import { afterEach, describe, expect, it } from 'vitest';
import { memoryStore } from '../../../answer/answer-storage';
import type { ParticipationBody } from '../../../answer/answer-types';
import { memoryBlobStore } from '../../../answer/media-store';
import { createSubmitQueue, QUEUE_KEY, type QueueEvent, type QueueTransport, TransportError } from '../../../answer/submit-queue';
import { adoptOrphanOutboxes, dropOutbox, outboxFor, outboxKey, outboxOwner, pendingCount, queuedBodies, unsentWorkFile } from './outbox';
import { outboxStateAfter } from './use-outbox';

const visit = (n: number, extra: Partial<ParticipationBody> = {}): ParticipationBody => ({
  survey_code: 'SUPVDEMO',
  client_uuid: `visit-${n}-0000-4000-8000-000000000000`,
  status: 'submitted',
  answers: [{ question_id: 1, value: 4 }],
  target: { kind: 'site', id: n },
  geolocation: { latitude: 4.05, longitude: 9.7, accuracy: 12 },
  made_at: '2026-11-27T08:00:00.000Z',
  ...extra,
});

/**
 * A server storing one participation per client_uuid (as the API does): `script` gives,
 * call by call, an error to throw before it answers normally.
 */
function server(script: Array<TransportError | null> = []) {
  const stored = new Map<string, ParticipationBody>();
  let submits = 0;
  let uploads = 0;
  const transport: QueueTransport = {
    async submit(b) {
      submits++;
      const failure = script.shift();
      if (failure) throw failure;
      if (!stored.has(b.client_uuid)) stored.set(b.client_uuid, JSON.parse(JSON.stringify(b)));
      return { id: 100 + [...stored.keys()].indexOf(b.client_uuid), status: 'submitted' };
    },
    async upload(_file, name) {
      const failure = script.shift();
      if (failure) throw failure;
      uploads++;
      return { id: 500 + uploads, name };
    },
  };
  return { transport, stored, calls: () => submits, uploads: () => uploads };
}

/** Timers fired by hand: no test depends on the clock. */
function manualTimers() {
  const pending: Array<{ run: () => void; ms: number }> = [];
  return {
    setTimer: (run: () => void, ms: number) => pending.push({ run, ms }),
    clearTimer: () => undefined,
    waits: () => pending.map((p) => p.ms),
    async fire() {
      pending.shift()?.run();
      for (let i = 0; i < 30; i++) await Promise.resolve();
    },
  };
}

function signedInQueue(transport: QueueTransport, store = memoryStore(), timers = manualTimers()) {
  const events: QueueEvent[] = [];
  const queue = createSubmitQueue({ transport, store, blobs: memoryBlobStore(), storageKey: outboxKey('s1'), waitsForSignIn: true, ...timers });
  queue.subscribe((e) => events.push(e));
  return { queue, events, timers, store };
}

describe('signed-in outbox under failure', () => {
  afterEach(() => dropOutbox('s1'));

  it('server 5xx and timeouts: kept, retried with growing waits, stored once', async () => {
    const api = server([new TransportError('panne', 500), new TransportError('délai dépassé', null), new TransportError('passerelle', 503)]);
    const { queue, events, timers } = signedInQueue(api.transport);
    await queue.enqueue(visit(1));
    expect(queue.size()).toBe(1);
    await timers.fire();
    await timers.fire();
    await timers.fire();
    expect(events.map((e) => e.type)).toEqual(['waiting', 'waiting', 'waiting', 'sent']);
    expect(events.flatMap((e) => (e.type === 'waiting' ? [e.retryInMs] : []))).toEqual([2_000, 5_000, 15_000]);
    expect(api.stored.size).toBe(1);
    expect(queue.size()).toBe(0);
  });

  it('401 (token not renewable now): nothing dropped; sent once the account works again', async () => {
    const api = server([new TransportError('Session expirée', 401)]);
    const { queue, events } = signedInQueue(api.transport);
    await queue.enqueue(visit(1));
    const waiting = events[0];
    expect(waiting.type).toBe('waiting');
    // Waiting for a sign-in: no quick retries, the longest delay.
    expect(waiting.type === 'waiting' && waiting.retryInMs).toBe(60_000);
    expect(queue.size()).toBe(1);
    await queue.flush(); // the frame flushes when the session is connected again
    expect(events.at(-1)?.type).toBe('sent');
    expect(api.stored.size).toBe(1);
  });

  it('without waitsForSignIn (the public page) a 401 is a refusal, as before', async () => {
    const api = server([new TransportError('Connectez-vous', 401)]);
    const events: QueueEvent[] = [];
    const queue = createSubmitQueue({ transport: api.transport, store: memoryStore(), blobs: memoryBlobStore(), ...manualTimers() });
    queue.subscribe((e) => events.push(e));
    await queue.enqueue(visit(1));
    expect(events.map((e) => e.type)).toEqual(['rejected']);
  });

  it('413 on a photo: the photo is refused with the server’s words, the visit still goes', async () => {
    const api = server([new TransportError('Fichier trop volumineux', 413)]);
    const blobs = memoryBlobStore();
    await blobs.put('p1', new Blob(['x'.repeat(10)], { type: 'image/jpeg' }), 'photo.jpg');
    const events: QueueEvent[] = [];
    const queue = createSubmitQueue({ transport: api.transport, store: memoryStore(), blobs, waitsForSignIn: true, ...manualTimers() });
    queue.subscribe((e) => events.push(e));
    await queue.enqueue(visit(1, { answers: [{ question_id: 1, value: 4 }, { question_id: 2, value: { pending: 'p1', name: 'photo.jpg' } }] }));
    expect(events.map((e) => e.type)).toEqual(['media-failed', 'sent']);
    expect(events[0].type === 'media-failed' && events[0].message).toBe('Fichier trop volumineux');
    expect(api.stored.get(visit(1).client_uuid)?.answers).toEqual([{ question_id: 1, value: 4 }]);
  });

  it('duplicates: the same visit queued twice, or its answer lost, is stored once under its client key', async () => {
    const api = server([new TransportError('réseau coupé après envoi', null)]);
    const { queue, timers } = signedInQueue(api.transport);
    await queue.enqueue(visit(1));
    await queue.enqueue(visit(1));
    await timers.fire();
    expect(api.calls()).toBeGreaterThanOrEqual(2);
    expect(api.stored.size).toBe(1);
    expect(queue.size()).toBe(0);
  });

  it('survives closing the app: three visits kept offline are sent by the next page, each once', async () => {
    const store = memoryStore();
    const offline = createSubmitQueue({ transport: server().transport, store, blobs: memoryBlobStore(), storageKey: outboxKey('s1'), isOnline: () => false, waitsForSignIn: true, ...manualTimers() });
    for (const n of [1, 2, 3]) await offline.enqueue(visit(n));
    offline.dispose();
    expect(pendingCount('s1', store)).toBe(3);
    const api = server();
    const queue = outboxFor('s1', () => api.transport, { store, blobs: memoryBlobStore() });
    expect(queue.size()).toBe(3);
    await queue.flush();
    await queue.flush();
    expect(api.stored.size).toBe(3);
    expect([...api.stored.values()].map((b) => b.made_at)).toEqual(['2026-11-27T08:00:00.000Z', '2026-11-27T08:00:00.000Z', '2026-11-27T08:00:00.000Z']);
    expect(pendingCount('s1', store)).toBe(0);
  });

  it('the status line counts what waits and says when everything went', () => {
    let state = { pending: 0, last: { kind: 'idle' as const } } as Parameters<typeof outboxStateAfter>[0];
    state = outboxStateAfter(state, { type: 'waiting', clientUuid: 'a', final: true, attempt: 1, retryInMs: 2000, error: new TransportError('x', 499) }, 3);
    expect(state).toEqual({ pending: 3, last: { kind: 'waiting', retryInMs: 2000, signInLost: true } });
    state = outboxStateAfter(state, { type: 'sent', clientUuid: 'a', final: true, receipt: { id: 1, status: 'submitted' } }, 0);
    expect(state).toEqual({ pending: 0, last: { kind: 'sent' } });
  });
});

describe('work left by an ended session', () => {
  it('a new sign-in of the same user adopts the outbox of their former session, never another user’s', () => {
    const store = memoryStore();
    store.setItem(outboxKey('old'), JSON.stringify({ a: { body: visit(1), version: 1, attempts: 2 } }));
    store.setItem(`${outboxKey('old')}:owner`, '7');
    store.setItem(outboxKey('other'), JSON.stringify({ b: { body: visit(2), version: 1, attempts: 0 } }));
    store.setItem(`${outboxKey('other')}:owner`, '8');
    expect(outboxOwner('old', store)).toBe(7);
    expect(adoptOrphanOutboxes('new', 7, store, () => false)).toBe(1);
    expect(queuedBodies('new', store).map((b) => b.client_uuid)).toEqual([visit(1).client_uuid]);
    expect(queuedBodies('old', store)).toEqual([]);
    expect(queuedBodies('other', store)).toHaveLength(1);
    // An account still open keeps its own outbox.
    store.setItem(`${outboxKey('open')}:owner`, '7');
    store.setItem(outboxKey('open'), JSON.stringify({ c: { body: visit(3), version: 1, attempts: 0 } }));
    expect(adoptOrphanOutboxes('new', 7, store, (sid) => sid === 'open')).toBe(0);
  });

  it('exports what waits, client keys and photos included, as a file to hand over', async () => {
    const store = memoryStore();
    const blobs = memoryBlobStore();
    await blobs.put('p1', new Blob(['jpeg-bytes'], { type: 'image/jpeg' }), 'compteur.jpg');
    const withPhoto = visit(1, { answers: [{ question_id: 2, value: { pending: 'p1', name: 'compteur.jpg' } }] });
    store.setItem(outboxKey('gone'), JSON.stringify({ [withPhoto.client_uuid]: { body: withPhoto, version: 1, attempts: 4 } }));
    const file = await unsentWorkFile('gone', { userId: 7, name: null }, { store, blobs, now: new Date('2026-11-27T18:00:00Z') });
    expect(file.kind).toBe('enquetes.unsent-work');
    expect(file.participations).toHaveLength(1);
    expect(file.participations[0].client_uuid).toBe(withPhoto.client_uuid);
    expect(file.participations[0].files[0]).toMatchObject({ question_id: 2, name: 'compteur.jpg', type: 'image/jpeg' });
    expect(file.participations[0].files[0].data_url.startsWith('data:image/jpeg;base64,')).toBe(true);
  });

  it('the outbox keeps the key the answering page always used', () => {
    expect(outboxKey('s9')).toBe(`${QUEUE_KEY}:s9`);
  });
});
