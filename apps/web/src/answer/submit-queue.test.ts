import { describe, expect, it } from 'vitest';
import { memoryStore } from './answer-storage';
import type { ParticipationBody } from './answer-types';
import { keptKey } from './kept-files';
import { memoryBlobStore } from './media-store';
import { createSubmitQueue, QUEUE_KEY, type QueueEvent, type QueueTransport, queuedClientUuids, TransportError, type UploadMeta } from './submit-queue';

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

  it('keeps a photo the server is still completing (409 upload_completing) and sends the media once it is there', async () => {
    const blobs = memoryBlobStore();
    await blobs.put('k1', new Blob(['png']), 'photo.png');
    const server = flakyServer([new TransportError('Ce fichier est en cours d’enregistrement', 409, 'upload_completing')]);
    const timers = manualTimers();
    const events: QueueEvent[] = [];
    const queue = createSubmitQueue({ transport: server.transport, store: memoryStore(), blobs, ...timers });
    queue.subscribe((e) => events.push(e));
    await queue.enqueue(body('submitted', [{ question_id: 5, value: { pending: 'k1', name: 'photo.png' } }]));
    // Not a verdict: nothing dropped, nothing rejected, the entry waits for a retry.
    expect(events.map((e) => e.type)).toEqual(['waiting']);
    expect(queue.size()).toBe(1);
    expect(await blobs.get('k1')).not.toBeNull();
    await timers.fire();
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0].answers).toEqual([{ question_id: 5, value: 901 }]);
    expect(events.some((e) => e.type === 'media-failed')).toBe(false);
    expect(queue.size()).toBe(0);
  });

  describe('entries queued by older pages, which named the survey by id only', () => {
    const uuid = 'c0ffee00-1111-4222-8333-444455556666';
    const legacy: ParticipationBody = { survey_id: 7, client_uuid: uuid, status: 'submitted', answers: [{ question_id: 5, value: { pending: 'k1', name: 'photo.png' } }] };
    async function sendLegacy(surveyCodeOf: (body: ParticipationBody) => string | null) {
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
      const { sent, uploads, queue } = await sendLegacy((b) => (b.survey_id === 7 ? 'SATDEMO' : null));
      expect(uploads).toEqual([{ clientUuid: uuid, questionId: 5, surveyCode: 'SATDEMO' }]);
      expect(sent).toEqual([{ survey_code: 'SATDEMO', client_uuid: uuid, status: 'submitted', answers: [{ question_id: 5, value: 901 }] }]);
      expect(queue.pending(uuid)).toBeNull();
    });

    it('sends them as they are when it is not (the server takes the id from the company’s agents)', async () => {
      const { sent, uploads } = await sendLegacy(() => null);
      expect(uploads).toEqual([{ clientUuid: uuid, questionId: 5, surveyCode: undefined }]);
      expect(sent).toEqual([{ survey_id: 7, client_uuid: uuid, status: 'submitted', answers: [{ question_id: 5, value: 901 }] }]);
    });

    /**
     * Like the server for anyone but the company's agents: a survey or a question's survey
     * named by id is not found (404 on the participation, 422 "Question introuvable." on
     * the file); named by code it is.
     */
    function strangerServer() {
      const sent: ParticipationBody[] = [];
      const uploads: UploadMeta[] = [];
      const transport: QueueTransport = {
        async submit(b) {
          sent.push(JSON.parse(JSON.stringify(b)));
          if (!b.survey_code && b.participation_id === undefined) throw new TransportError('Formulaire introuvable.', 404, 'not_found');
          return { id: 42, status: b.status };
        },
        async upload(_file, _name, meta) {
          uploads.push(meta);
          if (!meta.surveyCode) throw new TransportError('Certaines données ne sont pas valides.', 422, 'validation_failed', { question_id: ['Question introuvable.'] });
          return { id: 901 };
        },
      };
      return { transport, sent, uploads };
    }

    async function queueWith(entryBody: ParticipationBody, server: ReturnType<typeof strangerServer>, known: { code: string | null }) {
      const store = memoryStore();
      store.setItem(QUEUE_KEY, JSON.stringify({ [uuid]: { body: entryBody, version: 1, attempts: 2 } }));
      const blobs = memoryBlobStore();
      await blobs.put('k1', new Blob(['png']), 'photo.png');
      const timers = manualTimers();
      const events: QueueEvent[] = [];
      const queue = createSubmitQueue({ transport: server.transport, store, blobs, surveyCodeOf: () => known.code, ...timers });
      queue.subscribe((e) => events.push(e));
      return { queue, events, timers, blobs, store };
    }

    it('keeps one refused by id (404) on the phone, asks nothing more until the code is known, then sends it', async () => {
      const server = strangerServer();
      const known: { code: string | null } = { code: null };
      const byId: ParticipationBody = { survey_id: 7, client_uuid: uuid, status: 'submitted', answers: [{ question_id: 1, value: 'a' }] };
      const { queue, events, timers, store } = await queueWith(byId, server, known);
      await queue.flush();
      expect(events).toEqual([{ type: 'held', clientUuid: uuid, final: true }]);
      expect(queue.pending(uuid)).toEqual(byId);
      expect(queue.held()).toBe(1);
      expect(timers.count).toBe(0);
      // A reload, more rounds: no request goes, nothing loops.
      const reloaded = createSubmitQueue({ transport: server.transport, store, blobs: memoryBlobStore(), surveyCodeOf: () => known.code, ...timers });
      expect(reloaded.held()).toBe(1);
      await reloaded.flush();
      await queue.flush();
      expect(server.sent).toHaveLength(1);
      expect(timers.count).toBe(0);

      // The respondent opens that survey's link: the page knows its code.
      known.code = 'SATDEMO';
      await reloaded.flush();
      expect(server.sent.at(-1)).toEqual({ survey_code: 'SATDEMO', client_uuid: uuid, status: 'submitted', answers: [{ question_id: 1, value: 'a' }] });
      expect(reloaded.pending(uuid)).toBeNull();
      expect(reloaded.held()).toBe(0);
    });

    it('keeps the file of one whose upload is refused without the code, instead of dropping it', async () => {
      const server = strangerServer();
      const known: { code: string | null } = { code: null };
      const { queue, events, blobs } = await queueWith(legacy, server, known);
      await queue.flush();
      expect(events.map((e) => e.type)).toEqual(['held']);
      expect(server.sent).toEqual([]);
      expect(queue.pending(uuid)?.answers).toEqual(legacy.answers);
      expect(await blobs.get('k1')).not.toBeNull();

      known.code = 'SATDEMO';
      await queue.flush();
      expect(server.uploads.map((m) => m.surveyCode)).toEqual([undefined, 'SATDEMO']);
      expect(server.sent).toEqual([{ survey_code: 'SATDEMO', client_uuid: uuid, status: 'submitted', answers: [{ question_id: 5, value: 901 }] }]);
      expect(events.map((e) => e.type)).toEqual(['held', 'media-uploaded', 'sent']);
    });

    it('still reports a refusal once the entry names its survey by code', async () => {
      const server = strangerServer();
      server.transport.submit = async () => {
        throw new TransportError('Formulaire introuvable.', 404, 'not_found');
      };
      const { queue, events } = await queueWith({ ...legacy, answers: [] }, server, { code: 'SATDEMO' });
      await queue.flush();
      expect(events.map((e) => e.type)).toEqual(['rejected']);
      expect(queue.pending(uuid)).toBeNull();
    });
  });

  describe('contributions (an invited contributor’s part of a participation)', () => {
    const uuid = 'c0ffee00-1111-4222-8333-444455556666';
    const photo = { question_id: 5, value: { pending: 'k1', name: 'photo.png' } };

    async function send(entryBody: ParticipationBody, surveyCodeOf?: (b: ParticipationBody) => string | null) {
      const store = memoryStore();
      const blobs = memoryBlobStore();
      await blobs.put('k1', new Blob(['png']), 'photo.png');
      const uploads: UploadMeta[] = [];
      const sent: ParticipationBody[] = [];
      const transport: QueueTransport = {
        async submit(b) {
          sent.push(JSON.parse(JSON.stringify(b)));
          return { id: 41, status: b.status };
        },
        // The contributor is not an agent of the survey's company: the code is needed.
        async upload(_file, _name, meta) {
          uploads.push(meta);
          if (!meta.surveyCode) throw new TransportError('Certaines données ne sont pas valides.', 422, 'validation_failed', { question_id: ['Question introuvable.'] });
          return { id: 901 };
        },
      };
      const events: QueueEvent[] = [];
      const queue = createSubmitQueue({ transport, store, blobs, surveyCodeOf, ...manualTimers() });
      queue.subscribe((e) => events.push(e));
      await queue.enqueue(entryBody);
      return { queue, uploads, sent, events, blobs };
    }

    it('uploads a photo taken offline under the survey code the entry keeps', async () => {
      const { uploads, sent, events } = await send({ participation_id: 41, survey_code: 'SATDEMO', client_uuid: uuid, status: 'submitted', answers: [photo] });
      expect(uploads).toEqual([{ clientUuid: uuid, questionId: 5, surveyCode: 'SATDEMO' }]);
      expect(sent).toEqual([{ participation_id: 41, survey_code: 'SATDEMO', client_uuid: uuid, status: 'submitted', answers: [{ question_id: 5, value: 901 }] }]);
      expect(events.map((e) => e.type)).toEqual(['media-uploaded', 'sent']);
    });

    it('names one queued by an older page without the code when the page knows it, else keeps its photo', async () => {
      const older: ParticipationBody = { participation_id: 41, client_uuid: uuid, status: 'submitted', answers: [photo] };
      const known = await send(older, (b) => (b.participation_id === 41 ? 'SATDEMO' : null));
      expect(known.uploads.map((m) => m.surveyCode)).toEqual(['SATDEMO']);
      expect(known.sent[0].answers).toEqual([{ question_id: 5, value: 901 }]);

      const unknown = await send(older, () => null);
      expect(unknown.events.map((e) => e.type)).toEqual(['held']);
      expect(unknown.sent).toEqual([]);
      expect(unknown.queue.pending(uuid)?.answers).toEqual([photo]);
      expect(await unknown.blobs.get('k1')).not.toBeNull();
    });
  });

  it('lists the participations waiting in every outbox of the phone', () => {
    const store = memoryStore();
    const entry = (uuid: string) => ({ body: { survey_code: 'SATDEMO', client_uuid: uuid, status: 'submitted', answers: [] }, version: 1, attempts: 0 });
    store.setItem(`${QUEUE_KEY}:public`, JSON.stringify({ 'anon-0001': entry('anon-0001') }));
    store.setItem(`${QUEUE_KEY}:k3x9pq`, JSON.stringify({ 'mine-0001': entry('mine-0001') }));
    store.setItem(`${QUEUE_KEY}:k3x9pq:media`, JSON.stringify({ 'mine-0001:5:x': { id: 9 } }));
    store.setItem(`${QUEUE_KEY}:broken`, '{not json');
    expect(queuedClientUuids(store)).toEqual(new Set(['anon-0001', 'mine-0001']));
    expect(queuedClientUuids({ getItem: () => null, setItem: () => undefined, removeItem: () => undefined })).toBeNull();
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

  describe('files the server no longer knows (uploads swept after a long time offline)', () => {
    const uuid = body('submitted').client_uuid;
    const lost = 'Fichier introuvable : envoyez-le de nouveau.';

    /**
     * Like POST medias and POST participations: uploads get new ids, `sweep` forgets them
     * all, and a participation naming an unknown file is refused (422) without being stored.
     */
    function sweepingServer() {
      const known = new Set<number>();
      let lastId = 900;
      const uploads: string[] = [];
      const calls: ParticipationBody[] = [];
      const stored = new Map<string, ParticipationBody>();
      const transport: QueueTransport = {
        async upload(_file, name) {
          uploads.push(name);
          known.add(++lastId);
          return { id: lastId };
        },
        async submit(b) {
          calls.push(JSON.parse(JSON.stringify(b)));
          const unknown = b.answers.filter((a) => a.question_id === 5 && !known.has(a.value as number));
          if (unknown.length) {
            throw new TransportError('Certaines réponses ne sont pas valides.', 422, 'validation_failed', Object.fromEntries(unknown.map((a) => [`answers.${a.question_id}`, [lost]])));
          }
          stored.set(b.client_uuid, b);
          return { id: 42, status: b.status };
        },
      };
      return { transport, uploads, calls, stored, sweep: () => known.clear() };
    }

    it('sends the kept copy again under the same client_uuid, then the participation, and drops the copies', async () => {
      const blobs = memoryBlobStore();
      await blobs.put('k1', new Blob(['png']), 'photo.png');
      const server = sweepingServer();
      const timers = manualTimers();
      const events: QueueEvent[] = [];
      const queue = createSubmitQueue({ transport: server.transport, store: memoryStore(), blobs, ...timers });
      queue.subscribe((e) => events.push(e));
      const answers = [
        { question_id: 1, value: 'a' },
        { question_id: 5, value: { pending: 'k1', name: 'photo.png' } },
      ];
      // The photo goes up, then the network drops before the participation does.
      const realSubmit = server.transport.submit;
      server.transport.submit = async () => {
        server.transport.submit = realSubmit;
        throw new TransportError('offline', null);
      };
      await queue.enqueue(body('submitted', answers));
      expect(events.map((e) => e.type)).toEqual(['media-uploaded', 'waiting']);
      expect(await blobs.get('k1')).toBeNull();
      expect(await blobs.get(keptKey(uuid, 5, 901))).not.toBeNull();

      // A week later the server has swept the file no answer named.
      server.sweep();
      await timers.fire();
      expect(server.uploads).toEqual(['photo.png', 'photo.png']);
      expect(server.calls.map((c) => c.answers[1].value)).toEqual([901, 902]);
      expect(server.calls.every((c) => c.client_uuid === uuid && c.status === 'submitted' && c.answers[0].value === 'a')).toBe(true);
      expect(events.slice(2)).toEqual([
        { type: 'media-replaced', clientUuid: uuid, questionId: 5, previousId: 901, media: { id: 902, name: 'photo.png' } },
        { type: 'sent', clientUuid: uuid, final: true, receipt: { id: 42, status: 'submitted' } },
      ]);
      expect(server.stored.get(uuid)?.answers).toEqual([
        { question_id: 1, value: 'a' },
        { question_id: 5, value: 902 },
      ]);
      expect(queue.pending(uuid)).toBeNull();
      expect(await blobs.get(keptKey(uuid, 5, 901))).toBeNull();
      expect(await blobs.get(keptKey(uuid, 5, 902))).toBeNull();
    });

    it('waits for the network when the upload of the copy cannot go, then sends it', async () => {
      const blobs = memoryBlobStore();
      await blobs.put(keptKey(uuid, 5, 801), new Blob(['png']), 'photo.png');
      const server = sweepingServer();
      const timers = manualTimers();
      const events: QueueEvent[] = [];
      const queue = createSubmitQueue({ transport: server.transport, store: memoryStore(), blobs, ...timers });
      queue.subscribe((e) => events.push(e));
      const realUpload = server.transport.upload;
      server.transport.upload = async () => {
        server.transport.upload = realUpload;
        throw new TransportError('offline', null);
      };
      await queue.enqueue(body('submitted', [{ question_id: 5, value: 801 }]));
      expect(events.map((e) => e.type)).toEqual(['waiting']);
      await timers.fire();
      expect(events.map((e) => e.type)).toEqual(['waiting', 'media-replaced', 'sent']);
      expect(server.calls.map((c) => c.answers[0].value)).toEqual([801, 801, 901]);
      expect(server.stored.size).toBe(1);
    });

    it('reports the refusal when the phone no longer holds the file, or already sent it again', async () => {
      const server = sweepingServer();
      const timers = manualTimers();
      const events: QueueEvent[] = [];
      const queue = createSubmitQueue({ transport: server.transport, store: memoryStore(), blobs: memoryBlobStore(), ...timers });
      queue.subscribe((e) => events.push(e));
      await queue.enqueue(body('submitted', [{ question_id: 5, value: 801 }]));
      expect(server.uploads).toEqual([]);
      expect(events).toEqual([{ type: 'rejected', clientUuid: uuid, final: true, error: expect.objectContaining({ status: 422, details: { 'answers.5': [lost] } }) }]);
      expect(timers.count).toBe(0);

      // Sent again, and refused again: once per file, never in a loop.
      const blobs = memoryBlobStore();
      await blobs.put(keptKey(uuid, 5, 801), new Blob(['png']), 'photo.png');
      const forgetful = sweepingServer();
      const realUpload = forgetful.transport.upload;
      forgetful.transport.upload = async (...args) => {
        const media = await realUpload(...args);
        forgetful.sweep();
        return media;
      };
      const again: QueueEvent[] = [];
      const second = createSubmitQueue({ transport: forgetful.transport, store: memoryStore(), blobs, ...manualTimers() });
      second.subscribe((e) => again.push(e));
      await second.enqueue(body('submitted', [{ question_id: 5, value: 801 }]));
      expect(forgetful.uploads).toEqual(['photo.png']);
      expect(forgetful.calls.map((c) => c.answers[0].value)).toEqual([801, 901]);
      expect(again.map((e) => e.type)).toEqual(['media-replaced', 'rejected']);
    });

    it('tells on the question why a copy sent again is refused (its rules changed)', async () => {
      const blobs = memoryBlobStore();
      await blobs.put(keptKey(uuid, 5, 901), new Blob(['png']), 'photo.png');
      const server = sweepingServer();
      server.transport.upload = async () => {
        throw new TransportError('Ce type de fichier n’est pas accepté pour cette question.', 422, 'validation_failed', { file: ['…'] });
      };
      const events: QueueEvent[] = [];
      const queue = createSubmitQueue({ transport: server.transport, store: memoryStore(), blobs, ...manualTimers() });
      queue.subscribe((e) => events.push(e));
      await queue.enqueue(body('submitted', [{ question_id: 5, value: 901 }]));
      expect(events).toEqual([
        {
          type: 'rejected',
          clientUuid: uuid,
          final: true,
          error: expect.objectContaining({ status: 422, details: { 'answers.5': ['Ce type de fichier n’est pas accepté pour cette question.'] } }),
        },
      ]);
    });
  });
});
