import { describe, expect, it } from 'vitest';
import { memoryStore } from './answer-storage';
import { type PieceCalls, type StartUpload, type UploadStatus, UPLOADS_KEY, uploadResumable } from './resumable-upload';
import { TransportError } from './submit-queue';

/**
 * The server's side in memory, as medias/uploads behaves: one offset per upload, a piece
 * at another offset is a 409 naming the server's offset, the last byte makes the media.
 * `dropAt` cuts the connection on that piece (before the server stored it, or after with
 * the answer lost).
 */
function fakeServer(options: { dropAt?: number[]; answerLostAt?: number[] } = {}) {
  const uploads = new Map<string, { size: number; bytes: number[]; media: UploadStatus['media'] }>();
  const log = { starts: 0, pieceBytes: 0, pieces: 0 };
  let n = 0;
  const view = (id: string): UploadStatus => {
    const u = uploads.get(id)!;
    return { id, size: u.size, offset: u.bytes.length, media: u.media };
  };
  const calls: PieceCalls = {
    async start(body: StartUpload) {
      log.starts += 1;
      const id = `u${++n}`;
      uploads.set(id, { size: body.size, bytes: [], media: null });
      return view(id);
    },
    async status(id) {
      if (!uploads.has(id)) throw new TransportError('Introuvable', 404);
      return view(id);
    },
    async send(id, _key, offset, piece) {
      const u = uploads.get(id);
      if (!u) throw new TransportError('Introuvable', 404);
      log.pieces += 1;
      log.pieceBytes += piece.size;
      if (options.dropAt?.includes(log.pieces)) throw new TransportError('Pas de réseau', null);
      if (offset !== u.bytes.length) throw new TransportError('Décalage', 409, 'upload_offset_mismatch', { offset: [String(u.bytes.length)] });
      u.bytes.push(...new Uint8Array(await piece.arrayBuffer()));
      if (u.bytes.length === u.size && !u.media) u.media = { id: 77, original_name: 'photo.jpg' };
      if (options.answerLostAt?.includes(log.pieces)) throw new TransportError('Pas de réseau', null);
      return view(id);
    },
  };
  return { calls, log, uploads };
}

const FILE = new Blob([new Uint8Array(10_000).map((_, i) => i % 251)]);
const META = { clientUuid: 'c0ffee00-1111', questionId: 5, surveyCode: 'SATDEMO' };

describe('resumable upload under a dropped connection', () => {
  it('resumes where the server stopped: the lost piece is sent again, not the whole file', async () => {
    const server = fakeServer({ dropAt: [3] });
    const store = memoryStore();
    await expect(uploadResumable(FILE, 'photo.jpg', META, server.calls, { store, pieceBytes: 1000 })).rejects.toMatchObject({ status: null });
    // The queue tries again later: the same upload, from the server's offset.
    const media = await uploadResumable(FILE, 'photo.jpg', META, server.calls, { store, pieceBytes: 1000 });
    expect(media).toEqual({ id: 77, name: 'photo.jpg' });
    expect(server.log.starts).toBe(1);
    expect(server.log.pieceBytes).toBe(FILE.size + 1000);
    expect(server.uploads.get('u1')!.bytes).toEqual([...new Uint8Array(await FILE.arrayBuffer())]);
    // Complete: nothing is kept on the phone any more.
    expect(store.length === undefined ? null : [...Array(store.length)].map((_, i) => store.key?.(i)).filter((k) => k?.startsWith(UPLOADS_KEY))).toEqual([]);
  });

  it('a piece stored but its answer lost is not sent twice: the retry asks the server first', async () => {
    const server = fakeServer({ answerLostAt: [4] });
    const store = memoryStore();
    await expect(uploadResumable(FILE, 'photo.jpg', META, server.calls, { store, pieceBytes: 1000 })).rejects.toMatchObject({ status: null });
    await uploadResumable(FILE, 'photo.jpg', META, server.calls, { store, pieceBytes: 1000 });
    expect(server.log.pieceBytes).toBe(FILE.size);
  });

  it('the last piece stored but its answer lost: the retry gets the media without sending a byte', async () => {
    const server = fakeServer({ answerLostAt: [10] });
    const store = memoryStore();
    await expect(uploadResumable(FILE, 'photo.jpg', META, server.calls, { store, pieceBytes: 1000 })).rejects.toBeInstanceOf(TransportError);
    expect((await uploadResumable(FILE, 'photo.jpg', META, server.calls, { store, pieceBytes: 1000 })).id).toBe(77);
    expect(server.log.pieces).toBe(10);
  });

  it('goes on from the offset a 409 names', async () => {
    const server = fakeServer();
    const store = memoryStore();
    const started = await server.calls.start({ question_id: 5, client_uuid: META.clientUuid, filename: 'photo.jpg', size: FILE.size });
    await server.calls.send(started.id, META.clientUuid, 0, FILE.slice(0, 4000));
    // The phone kept the id but thinks nothing was sent (its bookkeeping was older).
    const lying = { ...server.calls, status: async (id: string) => ({ ...(await server.calls.status(id, '')), offset: 0 }) };
    store.setItem(`${UPLOADS_KEY}:${META.clientUuid}:5:${FILE.size}:photo.jpg`, started.id);
    await uploadResumable(FILE, 'photo.jpg', META, lying, { store, pieceBytes: 1000 });
    expect(server.uploads.get(started.id)!.bytes).toEqual([...new Uint8Array(await FILE.arrayBuffer())]);
  });

  it('starts over when the kept upload is gone (swept after a long time offline)', async () => {
    const server = fakeServer({ dropAt: [2] });
    const store = memoryStore();
    await expect(uploadResumable(FILE, 'photo.jpg', META, server.calls, { store, pieceBytes: 5000 })).rejects.toBeInstanceOf(TransportError);
    server.uploads.clear();
    expect((await uploadResumable(FILE, 'photo.jpg', META, server.calls, { store, pieceBytes: 5000 })).id).toBe(77);
    expect(server.log.starts).toBe(2);
  });

  it('a refusal ends the upload: the next try announces the file anew', async () => {
    const store = memoryStore();
    const refusing: PieceCalls = {
      start: async () => ({ id: 'r1', size: FILE.size, offset: 0, media: null }),
      status: async () => ({ id: 'r1', size: FILE.size, offset: 0, media: null }),
      send: async () => {
        throw new TransportError('Ce type de fichier n’est pas reconnu.', 422);
      },
    };
    await expect(uploadResumable(FILE, 'photo.jpg', META, refusing, { store })).rejects.toMatchObject({ status: 422 });
    expect(store.getItem(`${UPLOADS_KEY}:${META.clientUuid}:5:${FILE.size}:photo.jpg`)).toBeNull();
  });

  it('waits while another request completes the file (409 upload_completing), then takes its media', async () => {
    const server = fakeServer();
    const store = memoryStore();
    let completing = 2;
    const busy: PieceCalls = {
      ...server.calls,
      async send(id, key, offset, piece) {
        const status = await server.calls.send(id, key, offset, piece);
        // The last piece stored, but another request holds the completion claim for a while.
        if (status.media) throw new TransportError('En cours d’enregistrement', 409, 'upload_completing');
        return status;
      },
      async status(id, key) {
        const status = await server.calls.status(id, key);
        return completing-- > 0 ? { ...status, completing: true, media: null } : status;
      },
    };
    const waits: number[] = [];
    const media = await uploadResumable(FILE, 'photo.jpg', META, busy, { store, pieceBytes: 5000, wait: async (ms) => void waits.push(ms) });
    expect(media).toEqual({ id: 77, name: 'photo.jpg' });
    expect(server.log.pieceBytes).toBe(FILE.size);
    expect(waits.length).toBeGreaterThanOrEqual(1);
  });

  it('past a few asks, the completing upload is left to the queue’s retry (the id kept)', async () => {
    const store = memoryStore();
    const stuck: PieceCalls = {
      start: async () => ({ id: 's1', size: FILE.size, offset: FILE.size, media: null }),
      status: async () => ({ id: 's1', size: FILE.size, offset: FILE.size, completing: true, media: null }),
      send: async () => {
        throw new TransportError('En cours d’enregistrement', 409, 'upload_completing');
      },
    };
    await expect(uploadResumable(FILE, 'photo.jpg', META, stuck, { store, wait: async () => {} })).rejects.toMatchObject({ status: 409, code: 'upload_completing' });
    expect(store.getItem(`${UPLOADS_KEY}:${META.clientUuid}:5:${FILE.size}:photo.jpg`)).toBe('s1');
  });
});
