// The field phone's outbox after reconnection: 100 visits queued offline, each with one
// photo, sent by the page's own queue (apps/web/src/answer/submit-queue.ts with the
// bare-fetch transport: resumable pieces, then the participation) to the API on
// 127.0.0.1, signed in as the demo agent. Figures: time and bytes the server read,
//  - time against a baseline in the same run: the same photos POSTed raw, one request
//    each, to a plain node:http sink (the transfer floor on this loopback);
//  - bytes against the sum of the photo sizes;
//  - the same again with the connection cut halfway through the last piece of every photo
//    (that half is lost, the queue retries and resumes at the server's offset), beside
//    what starting over would have cost (computed: the photo again plus what was sent).
// Run: npx tsx bench/offline-send.bench.ts   (BENCH_VISITS, BENCH_PHOTO_KB)
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { memoryStore } from '../apps/web/src/answer/answer-storage';
import { createFetchTransport } from '../apps/web/src/answer/answer-transport';
import type { ParticipationBody } from '../apps/web/src/answer/answer-types';
import { memoryBlobStore } from '../apps/web/src/answer/media-store';
import { createSubmitQueue } from '../apps/web/src/answer/submit-queue';
import { type BenchServer, openBenchDatabase, postgresAvailable } from './support/bench-db';
import { listenLocally, stopAfter } from './support/http-load';
import { printRatio } from './support/report';
import { ownerHeaders, seedBenchAccounts } from './support/survey-data';
import { envNumber } from './support/bench-env';

/** Settings, read only here (environment variable: meaning [default]). */
const OPTIONS = {
  /** BENCH_VISITS: visits queued offline, then sent [100]. */
  visits: envNumber('BENCH_VISITS', 100),
  /** BENCH_PHOTO_KB: size of each visit's photo in KB [300]. */
  photoKb: envNumber('BENCH_PHOTO_KB', 300),
};
stopAfter(10, 'offline send bench');

/** A phone photo after compression: a JPEG header (what the server sniffs), then noise (incompressible, like JPEG data). */
const photos = Array.from({ length: OPTIONS.visits }, () => new Blob([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(OPTIONS.photoKb * 1024 - 4)]));
const photoBytes = photos.reduce((sum, p) => sum + p.size, 0);

/** Counts what the server reads off every connection (request lines, headers and bodies). */
function countBytesRead(server: Server): () => number {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => sockets.add(socket));
  return () => [...sockets].reduce((sum, s) => sum + s.bytesRead, 0);
}

async function baselineMs(): Promise<{ ms: number; bytes: number }> {
  const sink = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('{}'));
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const read = countBytesRead(sink);
  const url = `http://127.0.0.1:${(sink.address() as { port: number }).port}/`;
  const started = performance.now();
  for (const photo of photos) await (await fetch(url, { method: 'POST', body: photo })).text();
  const ms = performance.now() - started;
  const bytes = read();
  await new Promise((resolve) => sink.close(resolve));
  return { ms, bytes };
}

/**
 * A fetch that cuts the last piece of every upload halfway (the connection drops when the
 * file is nearly sent); `lostBeforeDrop` adds up what a sender starting over would have
 * sent in vain (every byte before the cut), for comparison.
 */
function droppingFetch(counter: { lostBeforeDrop: number }): typeof fetch {
  const cut = new Set<string>();
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const isPiece = init?.method === 'PATCH' && init.body instanceof Blob;
    const id = url.split('/medias/uploads/')[1]?.split('?')[0];
    const offset = Number((init?.headers as Record<string, string> | undefined)?.['Upload-Offset'] ?? 0);
    if (!isPiece || !id || cut.has(id) || offset === 0) return fetch(input, init);
    cut.add(id);
    counter.lostBeforeDrop += offset + ((init.body as Blob).size >> 1);
    const bytes = new Uint8Array(await (init.body as Blob).arrayBuffer());
    const half = bytes.subarray(0, bytes.length >> 1);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(half);
        setTimeout(() => controller.error(new Error('connexion perdue')), 20);
      },
    });
    return fetch(input, { ...init, body, duplex: 'half' } as RequestInit);
  }) as typeof fetch;
}

async function sendQueued(base: string, headers: Record<string, string>, survey: { code: string; questionId: number }, drop: { lostBeforeDrop: number } | null) {
  const store = memoryStore();
  const blobs = memoryBlobStore();
  let online = false;
  const transport = createFetchTransport({
    baseUrl: `${base}/api/v2`,
    headers: () => headers,
    uploadStore: store,
    ...(drop ? { fetch: droppingFetch(drop) } : {}),
  });
  const queue = createSubmitQueue({ transport, store, blobs, isOnline: () => online, delays: [20], waitsForSignIn: true });
  const sent = new Set<string>();
  queue.subscribe((e) => {
    if (e.type === 'sent' && e.final) sent.add(e.clientUuid);
    if (e.type === 'rejected' || e.type === 'media-failed') throw new Error(`refused: ${JSON.stringify(e)}`);
  });
  // Offline: the visits are queued on the phone with their photos.
  for (let i = 0; i < OPTIONS.visits; i++) {
    const key = `photo-${i}`;
    await blobs.put(key, photos[i], `visite-${i}.jpg`);
    const body: ParticipationBody = {
      survey_code: survey.code,
      client_uuid: randomUUID(),
      status: 'submitted',
      answers: [{ question_id: survey.questionId, value: { pending: key, name: `visite-${i}.jpg` } }],
    };
    await queue.enqueue(body);
  }
  // The network comes back.
  online = true;
  const started = performance.now();
  while (sent.size < OPTIONS.visits) {
    await queue.flush();
    if (sent.size < OPTIONS.visits) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const ms = performance.now() - started;
  queue.dispose();
  return ms;
}

async function benchOn(kind: BenchServer) {
  const db = await openBenchDatabase(kind);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-uploads-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production', RATE_LIMIT_MAX: '100000000', DATA_DIR: dataDir });
  const app = await buildApp({ config, db, serveWeb: false });
  try {
    const { companyId } = await seedBenchAccounts(db);
    const code = `V${randomBytes(4).toString('hex').toUpperCase()}`;
    const [survey] = await db.rows<{ id: number }>(sql`
      INSERT INTO surveys (company_id, code, title, status, published_at) VALUES (${companyId}, ${code}, 'Visites (banc d’essai)', 'published', now()) RETURNING id`);
    const [step] = await db.rows<{ id: number }>(sql`INSERT INTO steps (survey_id, company_id, title, position) VALUES (${survey.id}, ${companyId}, 'Visite', 0) RETURNING id`);
    const [question] = await db.rows<{ id: number }>(sql`
      INSERT INTO questions (survey_id, step_id, company_id, label, type, position) VALUES (${survey.id}, ${step.id}, ${companyId}, 'Photo de la vitrine', 'photo', 0) RETURNING id`);
    const headers = await ownerHeaders(app);
    const base = await listenLocally(app);
    const read = countBytesRead(app.server);
    for (const dropping of [false, true]) {
      const floor = await baselineMs();
      const before = read();
      const drop = dropping ? { lostBeforeDrop: 0 } : null;
      const ms = await sendQueued(base, headers, { code, questionId: question.id }, drop);
      const bytes = read() - before;
      const what = drop ? 'last piece cut halfway once each' : 'no drop';
      printRatio(`${OPTIONS.visits} visits × ${OPTIONS.photoKb} KB photo, time (${kind}, ${what})`, ms, floor.ms, 'ms', false);
      printRatio(`  bytes read by the server vs the photos`, bytes, photoBytes, 'B', false);
      printRatio(`  baseline's bytes (raw POSTs) vs the photos`, floor.bytes, photoBytes, 'B', false);
      // Computed, not measured: a sender starting over resends the whole photo after the cut.
      if (drop) printRatio(`  starting over instead: at least`, photoBytes + drop.lostBeforeDrop, photoBytes, 'B', false);
    }
    const [{ n }] = await db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM participations WHERE survey_id = ${survey.id}`);
    const [{ m }] = await db.rows<{ m: number }>(sql`SELECT count(*)::int AS m FROM answers WHERE survey_id = ${survey.id} AND media_id IS NOT NULL`);
    if (n !== 2 * OPTIONS.visits || m !== 2 * OPTIONS.visits) throw new Error(`expected ${2 * OPTIONS.visits} participations with a photo each, got ${n} and ${m}`);
  } finally {
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`baseline: the same ${OPTIONS.visits} photos POSTed raw, one request each, to a plain node:http sink on 127.0.0.1`);
await benchOn('embedded');
if (await postgresAvailable()) await benchOn('postgres');
else console.log('offline send (postgres): skipped, no PostgreSQL server reachable');
