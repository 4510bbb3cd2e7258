import { describe, expect, it } from 'vitest';
import { memoryStore } from './answer-storage';
import type { ParticipationBody } from './answer-types';
import { memoryBlobStore } from './media-store';
import { createSubmitQueue, QUEUE_KEY, type QueueEvent, type QueueTransport, TransportError, type UploadMeta } from './submit-queue';

function body(status: ParticipationBody['status'], answers: ParticipationBody['answers'] = [{ question_id: 1, value: 'a' }]): ParticipationBody {
  return { survey_code: 'SATDEMO', client_uuid: 'c0ffee00-1111-4222-8333-444455556666', status, answers };
}

/** A server that fails with the given errors first, then stores the participation once per client_uuid. */
function flakyServer(failures: TransportError[]) {
  const calls: ParticipationBody[] = [];
  const stored = new Map<string, ParticipationBody>();
  const uploads: string[] = [];
  const transport: QueueTransport = {
    async submit(b) {
      calls.push(JSON.parse(JSON.stringify(b)));
      const failure = failures.shift();
      if (failure) throw failure;
      stored.set(b.client_uuid, b);
      return { id: 42, status: b.status };
    },
    async upload(_file, name) {
      const failure = failures.shift();
      if (failure) throw failure;
      uploads.push(name);
      return { id: 900 + uploads.length };
    },
  };
  return { transport, calls, stored, uploads };
}

/** Timers the test fires by hand, so nothing depends on the clock. */
function manualTimers() {
  const pending: Array<() => void> = [];
  return {
    setTimer: (run: () => void) => {
      pending.push(run);
      return pending.length;
    },
    clearTimer: () => undefined,
    async fire() {
      const run = pending.shift();
      run?.();
      // Let the round the timer started finish.
      for (let i = 0; i < 20; i++) await Promise.resolve();
    },
    get count() {
      return pending.length;
    },
  };
}

describe('submit queue', () => {
  it('retries a failed submission with the same client_uuid and payload until the server answers', async () => {
    const server = flakyServer([new TransportError('offline', null), new TransportError('busy', 503)]);
    const timers = manualTimers();
    const events: QueueEvent[] = [];
    const queue = createSubmitQueue({ transport: server.transport, store: memoryStore(), blobs: memoryBlobStore(), ...timers });
    queue.subscribe((e) => events.push(e));
    await queue.enqueue(body('submitted'));
    expect(events.map((e) => e.type)).toEqual(['waiting']);
    await timers.fire();
    await timers.fire();
    expect(server.calls).toHaveLength(3);
    expect(new Set(server.calls.map((c) => JSON.stringify(c))).size).toBe(1);
    expect(server.calls.every((c) => c.client_uuid === body('submitted').client_uuid)).toBe(true);
    expect(events.map((e) => e.type)).toEqual(['waiting', 'waiting', 'sent']);
    expect(queue.pending(body('submitted').client_uuid)).toBeNull();
    expect(server.stored.size).toBe(1);
  });

  it('survives a reload: a queued submission is sent by the next page with the same key', async () => {
    const store = memoryStore();
    const offline = createSubmitQueue({ transport: flakyServer([]).transport, store, blobs: memoryBlobStore(), isOnline: () => false, ...manualTimers() });
    await offline.enqueue(body('submitted'));
    offline.dispose();
    const server = flakyServer([]);
    const next = createSubmitQueue({ transport: server.transport, store, blobs: memoryBlobStore(), ...manualTimers() });
    expect(next.pending(body('submitted').client_uuid)?.status).toBe('submitted');
    await next.flush();
    expect(server.calls.map((c) => [c.client_uuid, c.status])).toEqual([[body('submitted').client_uuid, 'submitted']]);
  });

  it('keeps only the latest state and never downgrades a submission to a partial save', async () => {
    const server = flakyServer([]);
    const queue = createSubmitQueue({ transport: server.transport, store: memoryStore(), blobs: memoryBlobStore(), isOnline: () => false, ...manualTimers() });
    await queue.enqueue(body('in_progress', [{ question_id: 1, value: 'a' }]));
    await queue.enqueue(body('in_progress', [{ question_id: 1, value: 'b' }]));
    await queue.enqueue(body('submitted', [{ question_id: 1, value: 'c' }]));
    await queue.enqueue(body('in_progress', [{ question_id: 1, value: 'late' }]));
    expect(queue.pending(body('submitted').client_uuid)).toMatchObject({ status: 'submitted', answers: [{ question_id: 1, value: 'c' }] });
  });

  it('uploads a photo kept offline before the submission and sends its media id', async () => {
    const blobs = memoryBlobStore();
    await blobs.put('k1', new Blob(['png']), 'photo.png');
    const server = flakyServer([new TransportError('offline', null)]);
    const timers = manualTimers();
    const events: QueueEvent[] = [];
    const queue = createSubmitQueue({ transport: server.transport, store: memoryStore(), blobs, ...timers });
    queue.subscribe((e) => events.push(e));
    await queue.enqueue(body('submitted', [{ question_id: 5, value: { pending: 'k1', name: 'photo.png' } }]));
    expect(server.uploads).toEqual([]);
    await timers.fire();
    expect(server.uploads).toEqual(['photo.png']);
    expect(server.calls[0].answers).toEqual([{ question_id: 5, value: 901 }]);
    expect(events.find((e) => e.type === 'media-uploaded')).toMatchObject({ questionId: 5, media: { id: 901 } });
    expect(await blobs.get('k1')).toBeNull();
  });

  describe('entries queued by older pages, which named the survey by id only', () => {
    const uuid = 'c0ffee00-1111-4222-8333-444455556666';
    const legacy: ParticipationBody = { survey_id: 7, client_uuid: uuid, status: 'submitted', answers: [{ question_id: 5, value: { pending: 'k1', name: 'photo.png' } }] };
    async function sendLegacy(surveyCodeOf: (id: number) => string | null) {
      const store = memoryStore();
      store.setItem(QUEUE_KEY, JSON.stringify({ [uuid]: { body: legacy, version: 1, attempts: 2 } }));
      const blobs = memoryBlobStore();
      await blobs.put('k1', new Blob(['png']), 'photo.png');
      const sent: ParticipationBody[] = [];
      const uploads: UploadMeta[] = [];
      const transport: QueueTransport = {
        async submit(b) {
          sent.push(JSON.parse(JSON.stringify(b)));
          return { id: 42, status: b.status };
        },
        async upload(_file, _name, meta) {
          uploads.push(meta);
          return { id: 901 };
        },
      };
      const queue = createSubmitQueue({ transport, store, blobs, surveyCodeOf, ...manualTimers() });
      await queue.flush();
      return { sent, uploads, queue };
    }

    it('sends them, files first, under the survey code when it is known', async () => {
      const { sent, uploads, queue } = await sendLegacy((id) => (id === 7 ? 'SATDEMO' : null));
      expect(uploads).toEqual([{ clientUuid: uuid, questionId: 5, surveyCode: 'SATDEMO' }]);
      expect(sent).toEqual([{ survey_code: 'SATDEMO', client_uuid: uuid, status: 'submitted', answers: [{ question_id: 5, value: 901 }] }]);
      expect(queue.pending(uuid)).toBeNull();
    });

    it('sends them as they are when it is not (the server takes the id from the company’s agents)', async () => {
      const { sent, uploads } = await sendLegacy(() => null);
      expect(uploads).toEqual([{ clientUuid: uuid, questionId: 5, surveyCode: undefined }]);
      expect(sent).toEqual([{ survey_id: 7, client_uuid: uuid, status: 'submitted', answers: [{ question_id: 5, value: 901 }] }]);
    });
  });

  it('reports a refusal (422) once, without retrying', async () => {
    const refusal = new TransportError('Certaines réponses ne sont pas valides.', 422, 'validation_failed', { 'answers.1': ['Cette question est obligatoire.'] });
    const server = flakyServer([refusal]);
    const timers = manualTimers();
    const events: QueueEvent[] = [];
    const queue = createSubmitQueue({ transport: server.transport, store: memoryStore(), blobs: memoryBlobStore(), ...timers });
    queue.subscribe((e) => events.push(e));
    await queue.enqueue(body('submitted'));
    expect(events).toEqual([{ type: 'rejected', clientUuid: body('submitted').client_uuid, final: true, error: refusal }]);
    expect(timers.count).toBe(0);
    expect(queue.pending(body('submitted').client_uuid)).toBeNull();
  });
});
