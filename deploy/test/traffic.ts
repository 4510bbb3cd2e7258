// What clients do to a deployment under test: submit participations the way the offline
// client of spec section 7 does (one client_uuid per participation, kept across retries
// until the server has it), read lists, and talk over sockets. And the check that matters:
// every participation a client submitted is stored once, with all its answers.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { chatroomRoom } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { type BenchSurvey, createBenchSurvey } from '../../bench/support/survey-data';
import { type Database, openDatabase } from '../../apps/api/src/db/client';
import { agents } from '../../apps/api/src/db/schema';
import { createChatroom, createSignedInUser, type SignedInUser } from '../../apps/api/src/realtime/socket-test-support';
import { sleep } from './processes';

/** The client's timeout per request (spec section 7: 120 s). */
export const CLIENT_TIMEOUT_MS = 120_000;

export interface Fixtures {
  db: Database;
  survey: BenchSurvey;
  owner: SignedInUser & { agentId: number };
  member: SignedInUser & { agentId: number };
  chatroomId: number;
}

export function headersOf(user: SignedInUser & { agentId?: number }): Record<string, string> {
  const h: Record<string, string> = { authorization: `Bearer ${user.token}`, userid: String(user.userId) };
  if (user.agentId !== undefined) h['agent-id'] = String(user.agentId);
  return h;
}

/**
 * A company founded through the proxy by a signed-in user (its owner, with every
 * permission), a published survey of 20 questions, a second member, and a chatroom of both.
 */
export async function createFixtures(proxyUrl: string, databaseUrl: string): Promise<Fixtures> {
  const db = await openDatabase({ databaseUrl, statementTimeoutMs: 60_000, poolSize: 3 });
  const ownerUser = await createSignedInUser(db, { firstName: 'Odile', lastName: 'Proprio' });
  const res = await fetch(`${proxyUrl}/api/v2/companies`, {
    method: 'POST',
    headers: { ...headersOf(ownerUser), 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Société déploiement ${Date.now()}` }),
  });
  const company = ((await res.json()) as any).data;
  if (res.status !== 201) throw new Error(`company creation: ${res.status} ${JSON.stringify(company)}`);
  const owner = { ...ownerUser, agentId: company.agent_id as number };
  const memberUser = await createSignedInUser(db, { firstName: 'Paul', lastName: 'Membre' });
  const [agent] = await db.orm.insert(agents).values({ company_id: company.id, user_id: memberUser.userId }).returning({ id: agents.id });
  const member = { ...memberUser, agentId: agent.id };
  // Access tokens live 15 minutes; a real client refreshes them, these keep theirs for a
  // day so that a soak of hours measures the service, not token expiry.
  await db.rows(sql`UPDATE sessions SET access_expires_at = now() + interval '1 day' WHERE id IN (${owner.sessionId}, ${member.sessionId})`);
  const survey = await createBenchSurvey(db, company.id, 20, 'Satisfaction (déploiement)');
  const chatroomId = await createChatroom(db, [owner.userId, member.userId]);
  return { db, survey, owner, member, chatroomId };
}

/** A valid value for each question type of the bench survey. */
function valueFor(q: BenchSurvey['questions'][number], n: number): unknown {
  switch (q.type) {
    case 'single_choice':
    case 'dropdown':
      return q.choices[n % 4];
    case 'multiple_choice':
      return [q.choices[n % 4], q.choices[(n + 1) % 4]];
    case 'number':
      return n % 97;
    case 'rating':
      return 1 + (n % 5);
    case 'scale':
      return n % 11;
    case 'yes_no':
      return n % 3 > 0;
    case 'date':
      return '2026-03-15';
    case 'time':
      return '09:30';
    case 'email':
      return `client${n}@exemple.cm`;
    case 'phone':
      return '677 12 34 56';
    case 'long_text':
      return 'Très bon accueil ; un peu d’attente à la caisse.';
    default:
      return `Réponse ${n}`;
  }
}

/** Counts of what clients saw. `failed` counts attempts, not participations. */
export class Tally {
  ok = 0;
  failed = 0;
  /** Latency of successful requests, ms. */
  latencies: number[] = [];
  /** When the last failure and the first success after it were seen (recovery time). */
  firstFailureAt?: number;
  lastFailureAt?: number;
  statuses = new Map<string, number>();
  /** The first few failures' answers, to tell what failed. */
  samples: string[] = [];
  record(ok: boolean, ms: number, status: string) {
    if (ok) {
      this.ok++;
      this.latencies.push(ms);
    } else {
      this.failed++;
      const now = performance.now();
      this.firstFailureAt ??= now;
      this.lastFailureAt = now;
      this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    }
  }
  percentile(p: number): number {
    if (!this.latencies.length) return 0;
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  }
  reset() {
    this.ok = 0;
    this.failed = 0;
    this.latencies = [];
    this.firstFailureAt = undefined;
    this.lastFailureAt = undefined;
    this.statuses.clear();
  }
}

async function timed(tally: Tally, run: () => Promise<Response>): Promise<Response | undefined> {
  const started = performance.now();
  try {
    const res = await run();
    const text = await res.text();
    tally.record(res.ok, performance.now() - started, String(res.status));
    if (!res.ok && tally.samples.length < 5) tally.samples.push(`${res.status} ${text.slice(0, 200)}`);
    return res;
  } catch (error) {
    tally.record(false, performance.now() - started, (error as Error).name === 'TimeoutError' ? 'timeout' : 'network');
    if (tally.samples.length < 5) tally.samples.push(`${(error as Error).name}: ${(error as Error).message} ${String((error as any).cause ?? '')}`);
    return undefined;
  }
}

/**
 * Submits one participation until the server has it, as the offline outbox does: the same
 * client_uuid on every attempt, waiting longer after each failure (0.5 s doubling to 5 s).
 * Gives up after `maxAttempts` (then the participation is counted as not delivered).
 */
export async function submitUntilStored(baseUrl: string, survey: BenchSurvey, key: string, n: number, tally: Tally, maxAttempts = 60): Promise<boolean> {
  const body = JSON.stringify({
    survey_code: survey.code,
    client_uuid: key,
    answers: survey.questions.map((q) => ({ question_id: q.id, value: valueFor(q, n) })),
    participant: { name: 'Awa Bello', phone: '699 00 11 22' },
  });
  let wait = 500;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const res = await timed(tally, () =>
      fetch(`${baseUrl}/api/v2/participations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
      }),
    );
    if (res?.ok) return true;
    // A refusal of the participation itself (4xx other than a limit) would never pass.
    if (res && res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 408) throw new Error(`submission refused: ${res.status}`);
    await sleep(wait);
    wait = Math.min(5_000, wait * 2);
  }
  return false;
}

/** Submits `count` participations, `concurrency` at a time; their keys and how many were delivered. */
export async function submitMany(baseUrl: string, survey: BenchSurvey, count: number, concurrency: number, tally: Tally, onEach?: (done: number) => void) {
  const keys = Array.from({ length: count }, () => `deploy-${randomUUID()}`);
  let next = 0;
  let delivered = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      if (await submitUntilStored(baseUrl, survey, keys[i], i, tally)) delivered++;
      onEach?.(delivered);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { keys, delivered };
}

/** GET the company's participation list (first page) as its owner. */
export function readList(baseUrl: string, fixtures: Fixtures, tally: Tally) {
  return timed(tally, () => fetch(`${baseUrl}/api/v2/participations`, { headers: headersOf(fixtures.owner), signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) }));
}

/** Sends a chat message as the owner. */
export function sendMessage(baseUrl: string, fixtures: Fixtures, body: string, tally: Tally) {
  return timed(tally, () =>
    fetch(`${baseUrl}/api/v2/chatrooms/${fixtures.chatroomId}/messages`, {
      method: 'POST',
      headers: { ...headersOf(fixtures.owner), 'content-type': 'application/json' },
      body: JSON.stringify({ body }),
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    }),
  );
}

/** What the database holds for a set of keys: participations per key, answers, participants. */
export async function storedFor(db: Database, survey: BenchSurvey, keys: string[]) {
  const rows = await db.rows<{ client_uuid: string; n: number }>(sql`
    SELECT client_uuid, count(*)::int AS n FROM participations WHERE survey_id = ${survey.id} AND client_uuid = ANY(${sql.param(keys)}) GROUP BY client_uuid`);
  const byKey = new Map(rows.map((r) => [r.client_uuid, r.n]));
  const lost = keys.filter((k) => !byKey.has(k)).length;
  const duplicated = rows.filter((r) => r.n > 1).length;
  const [answers] = await db.rows<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM answers a JOIN participations p ON p.id = a.participation_id
    WHERE p.survey_id = ${survey.id} AND p.client_uuid = ANY(${sql.param(keys)})`);
  const [participants] = await db.rows<{ n: number }>(sql`
    SELECT count(DISTINCT p.participant_id)::int AS n FROM participations p WHERE p.survey_id = ${survey.id} AND p.client_uuid = ANY(${sql.param(keys)})`);
  return { stored: rows.length, lost, duplicated, answers: answers.n, participants: participants.n };
}

/** A socket through the proxy, signed in, that records the chat messages it receives. */
export interface ChatListener {
  socket: Socket;
  /** The process its session is on (HAProxy's cookie), for polling sockets. */
  server(): string | undefined;
  received: string[];
  close(): void;
}

/**
 * Connects a socket through the proxy and signs it in. Polling sockets keep HAProxy's
 * cookie (withCredentials: socket.io-client's cookie jar in Node), as a browser does.
 * Reconnects on its own, as the web client does, and signs in again each time.
 */
export async function listen(baseUrl: string, user: SignedInUser & { agentId: number }, transports: ('websocket' | 'polling')[]): Promise<ChatListener> {
  const socket = connect(baseUrl, {
    path: '/socket.io',
    transports,
    withCredentials: true,
    reconnectionDelay: 200,
    reconnectionDelayMax: 2_000,
    forceNew: true,
  });
  const received: string[] = [];
  socket.on('message.created' as any, (payload: any) => received.push(payload?.data?.body));
  const signedIn = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket did not sign in')), 60_000);
    socket.on('auth:success' as any, () => {
      clearTimeout(timer);
      resolve();
    });
    socket.on('auth:error' as any, (e: any) => reject(new Error(`socket auth: ${JSON.stringify(e)}`)));
  });
  socket.on('connect', () => socket.emit('auth' as any, { token: user.token, agent: user.agentId }));
  await signedIn;
  const server = () => {
    // engine.io-client's cookie jar (Node, withCredentials): a private field, read for the test's diagnostics only.
    return (socket.io.engine as any)?._cookieJar?._cookies?.get('io_server')?.value as string | undefined;
  };
  return { socket, server, received, close: () => socket.disconnect() };
}

export const roomOf = chatroomRoom;
