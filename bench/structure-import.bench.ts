// Import of 10,000 agents from an xlsx file through the whole stack (multipart upload,
// streamed read, row validation, invitations and outbox messages in one transaction),
// against exceljs reading the same file alone in the same process: rows/s as a ratio,
// peak memory against the settled process, and the longest event-loop stall.
import { Readable } from 'node:stream';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { seedPlatformData } from '../apps/api/src/db/seed/platform';
import { createOwner, headersOf } from '../apps/api/src/modules/tenancy/companies/tenancy.test-support';
import { type BenchServer, openBenchDatabase, postgresAvailable } from './support/bench-db';
import { mb, sampleRss, settledRss } from './support/memory';
import { printRatio } from './support/report';
import { envNumber } from './support/bench-env';

/** Settings, read only here (environment variable: meaning [default]). */
const OPTIONS = {
  /** BENCH_IMPORT_ROWS: rows of the imported file [10 000]. */
  rows: envNumber('BENCH_IMPORT_ROWS', 10_000),
};

async function buildFile(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Agents');
  sheet.addRow(['Prénom', 'Nom', 'E-mail', 'Téléphone', 'Fonction']);
  for (let i = 0; i < OPTIONS.rows; i++) sheet.addRow([`Prénom${i}`, `Nom${i}`, `agent${i}@bench.cm`, '', 'Enquêteur']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Baseline: exceljs streaming the same file, nothing else. */
async function readOnlyRowsPerSecond(file: Buffer): Promise<number> {
  const started = performance.now();
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(file), { worksheets: 'emit', sharedStrings: 'cache' });
  for await (const sheet of reader) for await (const _row of sheet as AsyncIterable<unknown>) rows++;
  return (rows - 1) / ((performance.now() - started) / 1000);
}

function multipart(file: Buffer) {
  const boundary = '----benchimport';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="agents.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  );
  return { payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

async function benchOn(kind: BenchServer, file: Buffer, baseline: number) {
  const db = await openBenchDatabase(kind);
  // Roles and permissions: the owner's grants come from the platform catalogue.
  await seedPlatformData(db);
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production', RATE_LIMIT_MAX: '100000000' });
  const app = await buildApp({ config, db, serveWeb: false });
  await app.ready();
  try {
    const owner = await createOwner({ app, db, close: async () => {} }, 'Bench Import');
    const body = multipart(file);
    const floor = settledRss();
    const rss = sampleRss();
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/v2/companies/${owner.company.id}/importagents`,
      headers: { ...headersOf(owner.session), 'content-type': body.type },
      payload: body.payload,
    });
    const seconds = (performance.now() - started) / 1000;
    lag.disable();
    const peakRss = rss.stop();
    if (res.statusCode !== 200 || res.json().data.created !== OPTIONS.rows) throw new Error(`import failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
    printRatio(`import ${OPTIONS.rows} agents, xlsx (${kind})`, OPTIONS.rows / seconds, baseline, 'rows/s');
    printRatio(`import peak RSS (${kind})`, peakRss, floor, 'bytes', false);
    // RSS only: a forced-GC sampler (support/memory sampleLive) would itself dominate the run.
    console.log(`  peak RSS ${mb(peakRss)} (settled ${mb(floor)}, +${mb(peakRss - floor)}), longest event-loop stall ${(lag.max / 1e6).toFixed(0)} ms`);
  } finally {
    await app.close();
    await db.close();
  }
}

const file = await buildFile();
const baseline = await readOnlyRowsPerSecond(file);
await benchOn('embedded', file, baseline);
if (await postgresAvailable()) await benchOn('postgres', file, baseline);
else console.log('structure import (postgres): skipped, no PostgreSQL server reachable');
