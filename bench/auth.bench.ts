// Sign-in (argon2id at the OWASP parameters of modules/identity/auth/password.ts) and an
// authenticated GET auth through the whole stack, each against a bare route on the same
// process (127.0.0.1), on the embedded PostgreSQL server and the machine's. Sign-in is also set beside the bare
// argon2id verification rate, which is its floor.
// Run: npx tsx bench/auth.bench.ts   (BENCH_DURATION_S to change the length of each run)
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { seedPlatformData } from '../apps/api/src/db/seed/platform';
import { hashPassword, verifyPassword } from '../apps/api/src/modules/identity/auth/password';
import { createUser } from '../apps/api/src/modules/identity/users/users.repository';
import { type BenchServer, openBenchDatabase, postgresAvailable } from './support/bench-db';
import { listenLocally, pairedRequestsPerSecond, requestsPerSecond, stopAfter } from './support/http-load';
import { printRatio } from './support/report';
import { envNumber } from './support/bench-env';

/** Settings, read only here (environment variable: meaning [default]). */
const OPTIONS = {
  /** BENCH_DURATION_S: seconds of each load run [5]. */
  durationS: envNumber('BENCH_DURATION_S', 5),
};
const PASSWORD = 'Bench-Passw0rd!';
stopAfter(10, 'auth bench');

/** argon2id verifications per second with two in flight (the machine's two cores). */
async function argon2VerificationsPerSecond(hash: string): Promise<number> {
  const end = performance.now() + OPTIONS.durationS * 1000;
  let done = 0;
  const worker = async () => {
    while (performance.now() < end) {
      await verifyPassword(hash, PASSWORD);
      done++;
    }
  };
  const start = performance.now();
  await Promise.all([worker(), worker()]);
  return done / ((performance.now() - start) / 1000);
}

/** What the in-turns comparison of the two servers needs from one half, and how to close it. */
interface Half {
  authRequest: { url: string; headers: Record<string, string> };
  close: () => Promise<void>;
}

async function benchOn(kind: BenchServer): Promise<Half> {
  const db = await openBenchDatabase(kind);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const close = async () => {
    await app?.close();
    await db.close();
  };
  // A half that fails to start closes what it opened (its server, its database) before
  // throwing; one that started is closed by the caller, after the paired run below.
  try {
    await seedPlatformData(db);
    const passwordHash = await hashPassword(PASSWORD);
    const email = 'bench.auth@demo.cm';
    await createUser(db, { email, first_name: 'Banc', last_name: 'Essai', type: 'customer', password_hash: passwordHash, email_verified_at: new Date() });
    const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production', RATE_LIMIT_MAX: '100000000' });
    app = await buildApp({ config, db, serveWeb: false });
    // Bare routes answer the same bodies as the real ones, captured below.
    const samples = { account: '{}', login: '{}' };
    app.get('/bare', async () => JSON.parse(samples.account));
    app.post('/bare-login', async () => JSON.parse(samples.login));
    const login = await app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { login: email, password: PASSWORD, device: { ref: 'bench-main' } } });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
    const { token, user } = login.json().data;
    const headers = { authorization: `Bearer ${token}`, userid: String(user.id) };
    samples.login = login.body;
    samples.account = (await app.inject({ url: '/api/v2/auth', headers })).body;
    const base = await listenLocally(app);
    // Every sign-in names its own device: one device keeps one session, and a shared
    // ref would make each sign-in end the previous one (extra writes, not the common case).
    const loginBody = () => ({ login: email, password: PASSWORD, device: { ref: `bench-${randomUUID()}` } });
    const bareLogin = await requestsPerSecond({ url: `${base}/bare-login`, method: 'POST', body: loginBody, durationS: OPTIONS.durationS });
    const signIn = await requestsPerSecond({ url: `${base}/api/v2/auth/login`, method: 'POST', body: loginBody, connections: 4, durationS: OPTIONS.durationS });
    const argon2 = await argon2VerificationsPerSecond(passwordHash);
    printRatio(`sign-in, full stack (${kind})`, signIn, bareLogin, 'req/s');
    printRatio(`sign-in vs bare argon2id verify (${kind})`, signIn, argon2, 'per s');
    // In turns, so both see the same background load (a shared machine).
    const [bare, me] = await pairedRequestsPerSecond({ url: `${base}/bare` }, { url: `${base}/api/v2/auth`, headers }, 2 * OPTIONS.durationS);
    printRatio(`GET auth, authenticated (${kind})`, me, bare, 'req/s');
    return { authRequest: { url: `${base}/api/v2/auth`, headers }, close };
  } catch (error) {
    await close();
    throw error;
  }
}

// Every half that started is closed, also when the next one fails to start (the embedded
// server would otherwise keep the process alive).
const halves: Half[] = [];
try {
  halves.push(await benchOn('embedded'));
  if (await postgresAvailable()) halves.push(await benchOn('postgres'));
  else console.log('auth (postgres): skipped, no PostgreSQL server reachable');
  if (halves.length === 2) {
    // Issue 18's figure: the two servers' GET auth in turns, both processes warm, so that
    // the load of a shared machine falls on both alike (each half's own ratio above is
    // taken minutes apart and moves with it).
    const [embedded, postgres] = await pairedRequestsPerSecond(halves[0].authRequest, halves[1].authRequest, 4 * OPTIONS.durationS, 10);
    printRatio('GET auth, embedded vs postgres (in turns)', embedded, postgres, 'req/s');
  }
} finally {
  for (const half of halves) await half.close();
}
