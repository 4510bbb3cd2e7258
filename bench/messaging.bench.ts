// Messaging at scale, printed as ratios to baselines measured in the same run:
// 1. a chat message (POST chatrooms/{id}/messages: stored, then pushed to chatroom.{id})
//    fanned out to a 1,000-member room of authenticated sockets, p50/p99 from the POST to
//    each socket's `message.created`, against the socket baseline of bench/socket-broadcast
//    (an EventBus event to the same 1,000 sockets, no HTTP nor database) and against the
//    same message to a 1-member room;
// 2. a broadcast to everyone of a 100,000-agent company (recipients resolved and recorded,
//    one notification each, one live event each), against the bare INSERT … SELECT of
//    those 100,000 recipients.
// Run: npx tsx bench/messaging.bench.ts   (BENCH_MEMBERS, BENCH_RECIPIENTS, BENCH_ROUNDS)
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { Database } from '../apps/api/src/db/client';
import { chatroomMembers, chatrooms, companies, devices, sessions, users } from '../apps/api/src/db/schema';
import type { RequestContext } from '../apps/api/src/http/actor';
import { generateToken, hashToken } from '../apps/api/src/modules/identity/auth/tokens';
import { grantGlobalRole } from '../apps/api/src/modules/identity/users/users.repository';
import { publishBroadcast } from '../apps/api/src/modules/messaging/broadcasts/broadcasts.service';
import { seedPlatformData } from '../apps/api/src/db/seed/platform';
import { openBenchDatabase } from './support/bench-db';
import { printRatio } from './support/report';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const CONNECT_BATCH = 25;

setTimeout(() => {
  console.error('messaging bench: gave up after 10 minutes');
  process.exit(1);
}, 10 * 60_000).unref();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (n: number) => `${n.toFixed(2)} ms`;

async function createSessions(db: Database, count: number): Promise<{ userId: number; token: string }[]> {
  const tag = Date.now().toString(36);
  const userRows = await db.orm
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ username: `chat-${tag}-${i}`, first_name: 'Membre', last_name: String(i) })))
    .returning({ id: users.id });
  const deviceRows = await db.orm.insert(devices).values(userRows.map((u) => ({ user_id: u.id, ref: `chat-device-${u.id}` }))).returning({ id: devices.id, user_id: devices.user_id });
  const tokens = deviceRows.map(() => generateToken());
  const later = (n: number) => new Date(Date.now() + n);
  await db.orm.insert(sessions).values(
    deviceRows.map((d, i) => ({
      user_id: d.user_id,
      device_id: d.id,
      family: generateToken(16),
      access_hash: hashToken(tokens[i]),
      access_expires_at: later(3600_000),
      refresh_hash: hashToken(generateToken()),
      refresh_expires_at: later(86_400_000),
    })),
  );
  return deviceRows.map((d, i) => ({ userId: d.user_id, token: tokens[i] }));
}

function openAuthenticated(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true, timeout: 120_000 });
    socket.on('connect_error', reject);
    socket.on('auth:error', (answer) => reject(new Error(`auth:error ${JSON.stringify(answer)}`)));
    socket.on('auth:success', () => resolve(socket));
    socket.emit('auth', { token });
  });
}

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

const db = await openBenchDatabase('pglite');
await seedPlatformData(db); // roles and permissions: the sender needs messages.create
const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production', RATE_LIMIT_MAX: '100000000', WEBHOOK_POLL_MS: '0', NOTIFICATION_DIGEST_INTERVAL_S: '0' });
const app = await buildApp({ config, db, serveWeb: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const sockets: Socket[] = [];

try {
  // --- 1. A message to a 1,000-member room.
  const people = await createSessions(db, MEMBERS + 1);
  const sender = people[0];
  await grantGlobalRole(db, sender.userId, 'customer'); // messages.create
  const [room] = await db.orm.insert(chatrooms).values({ kind: 'group', name: 'Grande salle' }).returning({ id: chatrooms.id });
  const [small] = await db.orm.insert(chatrooms).values({ kind: 'group', name: 'Petite salle' }).returning({ id: chatrooms.id });
  await db.orm.insert(chatroomMembers).values(people.map((p) => ({ chatroom_id: room.id, user_id: p.userId })));
  await db.orm.insert(chatroomMembers).values([{ chatroom_id: small.id, user_id: sender.userId }, { chatroom_id: small.id, user_id: people[1].userId }]);
  for (let i = 1; i <= MEMBERS; i += CONNECT_BATCH) {
    sockets.push(...(await Promise.all(people.slice(i, Math.min(i + CONNECT_BATCH, MEMBERS + 1)).map((p) => openAuthenticated(url, p.token)))));
  }
  const headers = { authorization: `Bearer ${sender.token}`, userid: String(sender.userId), 'content-type': 'application/json' };
  let n = 0;
  const post = (roomId: number) => () =>
    fetch(`${url}/api/v2/chatrooms/${roomId}/messages`, { method: 'POST', headers, body: JSON.stringify({ body: `Message ${++n} : rendez-vous au marché à 8 h.` }) });
  const bigRoom = `chatroom.${room.id}`;
  const smallRoom = `chatroom.${small.id}`;
  const payload = { id: 1, title: 'Maintenance', content: 'La plateforme sera indisponible dimanche.' };

  await measure(sockets, 'message.created', bigRoom, post(room.id), 3); // warm-up
  const roomDelays = await measure(sockets, 'message.created', bigRoom, post(room.id), ROUNDS);
  await measure(sockets, 'broadcast.created', bigRoom, () => app.events.publish('broadcast.created', bigRoom, payload), 3);
  const busDelays = await measure(sockets, 'broadcast.created', bigRoom, () => app.events.publish('broadcast.created', bigRoom, payload), ROUNDS);
  const oneDelays = await measure([sockets[0]], 'message.created', smallRoom, post(small.id), ROUNDS * 5);

  console.log(`message to a ${MEMBERS}-member room, ${ROUNDS} rounds: p50 ${ms(percentile(roomDelays, 50))}, p99 ${ms(percentile(roomDelays, 99))}`);
  console.log(`socket baseline (EventBus event to the same ${MEMBERS} sockets): p50 ${ms(percentile(busDelays, 50))}, p99 ${ms(percentile(busDelays, 99))}`);
  console.log(`same message to a 1-member room: p50 ${ms(percentile(oneDelays, 50))}, p99 ${ms(percentile(oneDelays, 99))}`);
  printRatio(`p99 message, ${MEMBERS} members vs socket baseline`, percentile(roomDelays, 99), percentile(busDelays, 99), 'ms', false);
  printRatio(`p99 message, ${MEMBERS} members vs 1 member`, percentile(roomDelays, 99), percentile(oneDelays, 99), 'ms', false);
  for (const s of sockets.splice(0)) s.disconnect();

  // --- 2. A broadcast resolved to 100,000 recipients.
  const [company] = await db.orm.insert(companies).values({ name: 'Grande Coopérative', code: `GC${Date.now().toString(36)}`.toUpperCase() }).returning({ id: companies.id });
  const started = performance.now();
  await db.rows(sql`
    WITH made AS (
      INSERT INTO users (username, first_name, last_name, type, email)
      SELECT 'agent-' || g || '-' || ${company.id}, 'Agent', g::text, 'agent', 'agent' || g || '.' || ${company.id} || '@bench.cm' FROM generate_series(1, ${RECIPIENTS}) g
      RETURNING id)
    INSERT INTO agents (company_id, user_id, status) SELECT ${company.id}, id, 'active' FROM made`);
  console.log(`${RECIPIENTS} agents created in ${((performance.now() - started) / 1000).toFixed(1)} s`);
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
  const publishStart = performance.now();
  const published = await publishBroadcast(ctx, { title: 'Assemblée générale', body: 'Samedi à 10 h, salle des fêtes.', target: 'everyone' });
  const publishMs = performance.now() - publishStart;
  const [{ notified }] = await db.rows<{ notified: number }>(sql`SELECT count(*)::int AS notified FROM notifications WHERE kind = 'broadcast' AND (data->>'broadcast_id')::int = ${published.id}`);
  console.log(`broadcast to ${published.recipient_count} recipients published in ${(publishMs / 1000).toFixed(2)} s (${notified} notifications, ${published.recipient_count} live events)`);
  console.log(`baseline, bare INSERT … SELECT of the ${RECIPIENTS} recipients: ${ms(bareMs)}`);
  printRatio(`broadcast to ${RECIPIENTS} vs bare recipient insert`, publishMs, bareMs, 'ms', false);
} finally {
  for (const s of sockets) s.disconnect();
  await app.close();
  await db.close();
}
process.exit(0);
