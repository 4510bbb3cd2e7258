// Commerce: 1,000 concurrent mobile-money payment inits through the whole stack (HTTP,
// checks, database, the MoMo client speaking to the local emulator) against 1,000 bare
// request-to-pay round trips to the same emulator; and the bills xlsx export in rows per
// second against reading the same rows without writing the workbook.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../apps/api/src/demo/demo';
import { EMULATOR_CREDENTIALS, MOMO_EMULATOR_PREFIX } from '../apps/api/src/modules/commerce/payments/emulators/momo-emulator';
import { createMomoClient } from '../apps/api/src/modules/commerce/payments/providers/momo-client';
import { type BenchServer, openBenchDatabase, postgresAvailable } from './support/bench-db';
import { listenLocally } from './support/http-load';
import { printRatio } from './support/report';
import { seedBenchAccounts } from './support/survey-data';
import { envNumber } from './support/bench-env';

/** Settings, read only here (environment variable: meaning [default]). */
const OPTIONS = {
  /** BENCH_PAYMENTS: payments timed [1000]. */
  payments: envNumber('BENCH_PAYMENTS', 1000),
  /** BENCH_BILLS: bills seeded [100 000]. */
  bills: envNumber('BENCH_BILLS', 100_000),
};

const p99 = (samples: number[]) => samples.sort((a, b) => a - b)[Math.floor(samples.length * 0.99) - 1];

async function timed<T>(count: number, run: (i: number) => Promise<T>) {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const t0 = performance.now();
      await run(i);
      latencies.push(performance.now() - t0);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: count / seconds, p99: p99(latencies) };
}

async function benchOn(kind: BenchServer) {
const db = await openBenchDatabase(kind);
const { companyId } = await seedBenchAccounts(db);
const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'development', RATE_LIMIT_MAX: '100000000', PAYMENT_EMULATORS: 'true', PAYMENT_EMULATOR_DELAY_MS: '-1', PAYMENT_SWEEP_INTERVAL_S: '0' });
const app = await buildApp({ config, db, serveWeb: false });
const base = await listenLocally(app);
try {
  const login = await app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { login: DEMO_ACCOUNTS.customer.email, password: DEMO_PASSWORD, device: { ref: `bench-${Date.now()}` } } });
  const { token, user } = login.json().data;
  const headers = { authorization: `Bearer ${token}`, userid: String(user.id), 'content-type': 'application/json' };
  const invoices = await db.rows<{ id: number }>(sql`
    INSERT INTO invoices (company_id, number, code, customer_user_id, customer_name, tax_rate_bp, subtotal, tax_amount, total, status)
    SELECT ${companyId}, 100000 + g, 'B' || upper(substr(md5(random()::text), 1, 9)), ${user.id}, 'Banc', 1925, 10000, 1925, 11925, 'open'
    FROM generate_series(0, ${OPTIONS.payments}) g RETURNING id`);

  const bare = createMomoClient({ baseUrl: `${base}${MOMO_EMULATOR_PREFIX}`, ...EMULATOR_CREDENTIALS, targetEnvironment: 'sandbox' });
  await bare.requestPayment({ transactionId: 0, amount: 1, currency: 'XAF', phone: '670000001', description: 'warm-up', callbackUrl: `${base}/none` });
  const emulator = await timed(OPTIONS.payments, (i) =>
    bare.requestPayment({ transactionId: i, amount: 11925, currency: 'XAF', phone: '670000001', description: 'Banc', callbackUrl: `${base}/none` }),
  );
  const init = async (invoiceId: number) => {
    const res = await fetch(`${base}/api/v2/steps/transactions/invoice/init`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ target_id: invoiceId, provider: 'mtn_momo', phone: '670000001', client_key: randomUUID() }),
    });
    if (res.status !== 201) throw new Error(`init: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  // A running server holds an operator token already: the first init fetches it.
  await init(invoices[OPTIONS.payments].id);
  const full = await timed(OPTIONS.payments, (i) => init(invoices[i].id));
  const [{ pending }] = await db.rows<{ pending: number }>(sql`SELECT count(*)::int AS pending FROM transactions WHERE status = 'pending'`);
  console.log(`  ${pending} of ${OPTIONS.payments + 1} transactions pending at the operator (the rest failed)`);
  printRatio(`${OPTIONS.payments} concurrent payment inits, ${kind} (throughput)`, full.perSecond, emulator.perSecond, 'inits/s');
  printRatio(`${OPTIONS.payments} concurrent payment inits, ${kind} (p99)`, full.p99, emulator.p99, 'ms', false);

  await db.rows(sql`
    INSERT INTO bills (company_id, kind, label, quantity, unit_price, amount, period_start, period_end)
    SELECT ${companyId}, 'overage', 'Dépassement participations ' || g, 1 + g % 5, 100, (1 + g % 5) * 100, now(), now() + interval '1 month'
    FROM generate_series(1, ${OPTIONS.bills}) g`);
  const owner = await app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { login: DEMO_ACCOUNTS.agent.email, password: DEMO_PASSWORD, device: { ref: `bench-o-${Date.now()}` } } });
  const ownerData = owner.json().data;
  const ownerHeaders = { authorization: `Bearer ${ownerData.token}`, userid: String(ownerData.user.id), 'agent-id': String(ownerData.user.agents[0].id) };
  const readStart = performance.now();
  let after = 0;
  let read = 0;
  for (;;) {
    const rows = await db.rows<{ id: number }>(sql`SELECT * FROM bills WHERE company_id = ${companyId} AND id > ${after} ORDER BY id LIMIT 1000`);
    if (rows.length === 0) break;
    read += rows.length;
    after = rows[rows.length - 1].id;
  }
  const readRate = read / ((performance.now() - readStart) / 1000);
  const exportStart = performance.now();
  const res = await fetch(`${base}/api/v2/bills/export/xlsx`, { headers: ownerHeaders });
  const bytes = (await res.arrayBuffer()).byteLength;
  if (res.status !== 200 || bytes < 1000) throw new Error(`export: ${res.status}`);
  const exportRate = read / ((performance.now() - exportStart) / 1000);
  printRatio(`bills xlsx export, ${kind} (${read} rows)`, exportRate, readRate, 'rows/s');
} finally {
  await app.close();
  await db.close();
}
}

await benchOn('embedded');
if (await postgresAvailable()) await benchOn('postgres');
else console.log('commerce (postgres): skipped, no PostgreSQL server reachable');
