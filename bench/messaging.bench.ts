// Messaging at scale, printed as ratios to baselines measured in the same run:
// 1. a chat message (POST chatrooms/{id}/messages: stored, then pushed to chatroom.{id})
//    fanned out to a 1,000-member room of authenticated sockets, p50/p99 from the POST to
//    each socket's `message.created`, against the socket baseline of bench/socket-broadcast
//    (an EventBus event to the same 1,000 sockets, no HTTP nor database) and against the
//    same message to a 1-member room;
// 2. a broadcast to everyone of a 100,000-agent company: the publish (it records the
//    broadcast and answers; the fan-out runs in the background in batches) and the whole
//    fan-out until `sent` (recipients resolved and recorded, one notification each, one
//    live event each), both against the bare INSERT … SELECT of those 100,000 recipients;
//    and a small request (GET health) while the fan-out runs, against the same when idle
//    (p99), with the longest event-loop stall seen.
// Run: npx tsx bench/messaging.bench.ts   (BENCH_MEMBERS, BENCH_RECIPIENTS, BENCH_ROUNDS,
//      BENCH_PARTS=room|broadcast to run one part only)
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { chatroomMembers, chatrooms, companies } from '../apps/api/src/db/schema';
import type { RequestContext } from '../apps/api/src/http/actor';
import { grantGlobalRole } from '../apps/api/src/modules/identity/users/users.repository';
import { publishBroadcast } from '../apps/api/src/modules/messaging/broadcasts/broadcasts.service';
import { seedPlatformData } from '../apps/api/src/db/seed/platform';
import { openBenchDatabase } from './support/bench-db';
import { printRatio } from './support/report';
import { createSessions, openAuthenticated } from './support/socket-sessions';
import { envNumber, envText } from './support/bench-env';

/** Settings, read only here (environment variable: meaning [default]). */
const OPTIONS = {
  /** BENCH_MEMBERS: members of the chat room [1000]. */
  members: envNumber('BENCH_MEMBERS', 1000),
  /** BENCH_RECIPIENTS: recipients of the broadcast [100 000]. */
  recipients: envNumber('BENCH_RECIPIENTS', 100_000),
  /** BENCH_ROUNDS: timed rounds [20]. */
  rounds: envNumber('BENCH_ROUNDS', 20),
  /** BENCH_PARTS: the parts run, room and/or broadcast [room,broadcast]. */
  parts: envText('BENCH_PARTS', 'room,broadcast'),
  /** BENCH_BATCH: the broadcast batch size given to the server (BROADCAST_BATCH_SIZE) [the server's own]. */
  batch: envText('BENCH_BATCH'),
};
const CONNECT_BATCH = 25;

setTimeout(() => {
  console.error('messaging bench: gave up after 10 minutes');
  process.exit(1);
}, 10 * 60_000).unref();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (n: number) => `${n.toFixed(2)} ms`;



/** Runs `send` `rounds` times; each round ends when every socket got `event` in `room`; answers the sorted delays. */
async function measure(sockets: Socket[], event: string, room: string, send: () => unknown, rounds: number): Promise<number[]> {
  const delays: number[] = [];
  let sentAt = 0;
  let pending = 0;
  let done: () => void = () => {};
  const listener = (message: { room: string }) => {
    if (message.room !== room) return;
    delays.push(performance.now() - sentAt);
    if (--pending === 0) done();
  };
  for (const s of sockets) s.on(event, listener);
  for (let round = 0; round < rounds; round++) {
    await new Promise<void>((resolve) => {
      done = resolve;
      pending = sockets.length;
      sentAt = performance.now();
      void send();
    });
  }
  for (const s of sockets) s.off(event, listener);
  return delays.sort((a, b) => a - b);
}

const db = await openBenchDatabase('embedded');
await seedPlatformData(db); // roles and permissions: the sender needs messages.create
const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production', RATE_LIMIT_MAX: '100000000', WEBHOOK_POLL_MS: '0', NOTIFICATION_DIGEST_INTERVAL_S: '0', BROADCAST_POLL_MS: '0', ...(OPTIONS.batch ? { BROADCAST_BATCH_SIZE: OPTIONS.batch } : {}) });
const app = await buildApp({ config, db, serveWeb: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const sockets: Socket[] = [];

/** GET health `count` times one after another: the sorted latencies. */
async function probe(count: number): Promise<number[]> {
  const delays: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await (await fetch(`${url}/api/v2/health`)).arrayBuffer();
    delays.push(performance.now() - start);
  }
  return delays.sort((a, b) => a - b);
}

try {
  if (OPTIONS.parts.includes('room')) {
    // --- 1. A message to a 1,000-member room.
    const people = await createSessions(db, OPTIONS.members + 1);
    const sender = people[0];
    await grantGlobalRole(db, sender.userId, 'customer'); // messages.create
    const [room] = await db.orm.insert(chatrooms).values({ kind: 'group', name: 'Grande salle' }).returning({ id: chatrooms.id });
    const [small] = await db.orm.insert(chatrooms).values({ kind: 'group', name: 'Petite salle' }).returning({ id: chatrooms.id });
    await db.orm.insert(chatroomMembers).values(people.map((p) => ({ chatroom_id: room.id, user_id: p.userId })));
    await db.orm.insert(chatroomMembers).values([{ chatroom_id: small.id, user_id: sender.userId }, { chatroom_id: small.id, user_id: people[1].userId }]);
    for (let i = 1; i <= OPTIONS.members; i += CONNECT_BATCH) {
      sockets.push(...(await Promise.all(people.slice(i, Math.min(i + CONNECT_BATCH, OPTIONS.members + 1)).map((p) => openAuthenticated(url, p.token)))));
    }
    const headers = { authorization: `Bearer ${sender.token}`, userid: String(sender.userId), 'content-type': 'application/json' };
    let n = 0;
    const post = (roomId: number) => () =>
      fetch(`${url}/api/v2/chatrooms/${roomId}/messages`, { method: 'POST', headers, body: JSON.stringify({ body: `Message ${++n} : rendez-vous au marché à 8 h.` }) });
    const bigRoom = `chatroom.${room.id}`;
    const smallRoom = `chatroom.${small.id}`;
    const payload = { id: 1, title: 'Maintenance', content: 'La plateforme sera indisponible dimanche.' };

    await measure(sockets, 'message.created', bigRoom, post(room.id), 3); // warm-up
    const roomDelays = await measure(sockets, 'message.created', bigRoom, post(room.id), OPTIONS.rounds);
    await measure(sockets, 'broadcast.created', bigRoom, () => app.events.publish('broadcast.created', bigRoom, payload), 3);
    const busDelays = await measure(sockets, 'broadcast.created', bigRoom, () => app.events.publish('broadcast.created', bigRoom, payload), OPTIONS.rounds);
    const oneDelays = await measure([sockets[0]], 'message.created', smallRoom, post(small.id), OPTIONS.rounds * 5);

    console.log(`message to a ${OPTIONS.members}-member room, ${OPTIONS.rounds} rounds: p50 ${ms(percentile(roomDelays, 50))}, p99 ${ms(percentile(roomDelays, 99))}`);
    console.log(`socket baseline (EventBus event to the same ${OPTIONS.members} sockets): p50 ${ms(percentile(busDelays, 50))}, p99 ${ms(percentile(busDelays, 99))}`);
    console.log(`same message to a 1-member room: p50 ${ms(percentile(oneDelays, 50))}, p99 ${ms(percentile(oneDelays, 99))}`);
    printRatio(`p99 message, ${OPTIONS.members} members vs socket baseline`, percentile(roomDelays, 99), percentile(busDelays, 99), 'ms', false);
    printRatio(`p99 message, ${OPTIONS.members} members vs 1 member`, percentile(roomDelays, 99), percentile(oneDelays, 99), 'ms', false);
    for (const s of sockets.splice(0)) s.disconnect();
  }

  if (OPTIONS.parts.includes('broadcast')) {
    // --- 2. A broadcast resolved to 100,000 recipients.
    const [company] = await db.orm.insert(companies).values({ name: 'Grande Coopérative', code: `GC${Date.now().toString(36)}`.toUpperCase() }).returning({ id: companies.id });
    const started = performance.now();
    await db.rows(sql`
      WITH made AS (
        INSERT INTO users (username, first_name, last_name, type, email)
        SELECT 'agent-' || g || '-' || ${company.id}, 'Agent', g::text, 'agent', 'agent' || g || '.' || ${company.id} || '@bench.cm' FROM generate_series(1, ${OPTIONS.recipients}) g
        RETURNING id)
      INSERT INTO agents (company_id, user_id, status) SELECT ${company.id}, id, 'active' FROM made`);
    console.log(`${OPTIONS.recipients} agents created in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const [owner] = await db.rows<{ id: number; user_id: number }>(sql`SELECT id, user_id FROM agents WHERE company_id = ${company.id} ORDER BY id LIMIT 1`);

    // Baseline: the bare resolution of the same audience into a scratch table.
    await db.rows(sql`CREATE TEMP TABLE scratch_recipients (broadcast_id int, user_id int, agent_id int)`);
    const bareStart = performance.now();
    await db.rows(sql`INSERT INTO scratch_recipients SELECT 0, a.user_id, a.id FROM agents a WHERE a.company_id = ${company.id} AND a.status = 'active' AND a.deleted_at IS NULL`);
    const bareMs = performance.now() - bareStart;

    const ctx: RequestContext = {
      db,
      events: app.events,
      locale: 'fr',
      actor: { userId: owner.user_id, type: 'agent', agentId: owner.id, companyId: company.id, permissions: new Set(['broadcasts.create']) },
    };
    const idle = await probe(200);
    const stalls = monitorEventLoopDelay({ resolution: 10 });
    const publishStart = performance.now();
    const published = await publishBroadcast(ctx, { title: 'Assemblée générale', body: 'Samedi à 10 h, salle des fêtes.', target: 'everyone' });
    const publishMs = performance.now() - publishStart;
    stalls.enable();
    // Small requests keep coming while the background fan-out works.
    const busy: number[] = [];
    let status = published.status;
    while (status === 'sending') {
      busy.push(...(await probe(10)));
      [{ status }] = await db.rows<{ status: 'sending' | 'sent' }>(sql`SELECT status FROM broadcasts WHERE id = ${published.id}`);
    }
    const fanOutMs = performance.now() - publishStart;
    stalls.disable();
    busy.sort((a, b) => a - b);
    const [{ count, notified }] = await db.rows<{ count: number; notified: number }>(sql`
      SELECT (SELECT recipient_count FROM broadcasts WHERE id = ${published.id}) AS count,
             (SELECT count(*)::int FROM notifications WHERE kind = 'broadcast' AND (data->>'broadcast_id')::int = ${published.id}) AS notified`);
    console.log(`broadcast to ${OPTIONS.recipients} agents: publish answered in ${ms(publishMs)} (status ${published.status}), fan-out done in ${(fanOutMs / 1000).toFixed(2)} s`);
    console.log(`  ${count} recipients recorded, ${notified} notifications, ${count} live events; longest event-loop stall ${ms(stalls.max / 1e6)}`);
    console.log(`baseline, bare INSERT … SELECT of the ${OPTIONS.recipients} recipients: ${ms(bareMs)}`);
    console.log(`GET health during the fan-out (${busy.length} calls): p50 ${ms(percentile(busy, 50))}, p99 ${ms(percentile(busy, 99))}; idle: p50 ${ms(percentile(idle, 50))}, p99 ${ms(percentile(idle, 99))}`);
    printRatio(`publish of a ${OPTIONS.recipients}-recipient broadcast vs bare insert`, publishMs, bareMs, 'ms', false);
    printRatio(`whole fan-out of ${OPTIONS.recipients} vs bare insert`, fanOutMs, bareMs, 'ms', false);
    printRatio('p99 GET health during the fan-out vs idle', percentile(busy, 99), percentile(idle, 99), 'ms', false);
  }
} finally {
  for (const s of sockets) s.disconnect();
  await app.close();
  await db.close();
}
process.exit(0);
