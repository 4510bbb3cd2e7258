import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/api/src/db/client';
import { startEmbeddedServer } from '../../apps/api/src/db/embedded/embedded-server';
import { seedReferenceData } from '../../apps/api/src/db/seed/reference';
import { SHARED_OPTIONS } from './bench-env';

/** The PostgreSQL server benchmarks use: BENCH_DATABASE_URL, else DATABASE_URL, else the local one (bench-env.ts). */
export function benchServerUrl(): string {
  return SHARED_OPTIONS.databaseUrl;
}

async function admin(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The two servers a bench compares: the embedded one `npm start` runs, and the machine's. */
export type BenchServer = 'embedded' | 'postgres';

/**
 * A fresh, migrated, seeded database; `close` removes it. `embedded`: a server of its own,
 * started as `npm start` starts it (same settings, fsync on) in a temporary folder.
 */
export async function openBenchDatabase(kind: BenchServer): Promise<Database> {
  if (kind === 'embedded') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pg-'));
    const server = await startEmbeddedServer({ dataDir, database: 'bench', log: { info: () => {}, warn: console.warn } });
    const db = await openDatabase({ databaseUrl: server.url, statementTimeoutMs: 60_000, poolSize: 10 });
    const close = db.close;
    db.close = async () => {
      await close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
    return prepared(db);
  }
  const server = benchServerUrl();
  const name = `bench_${randomBytes(4).toString('hex')}`;
  await admin(server, `CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), statementTimeoutMs: 60_000, poolSize: 10 });
  const close = db.close;
  db.close = async () => {
    await close();
    await admin(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  return prepared(db);
}

/** Migrated and seeded; a database that fails to get there is closed (its server stopped, or it is dropped). */
async function prepared(db: Database): Promise<Database> {
  try {
    await db.migrate();
    await seedReferenceData(db);
    await refreshPlannerStatistics(db);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

/**
 * Both halves plan from fresh statistics: the machine's server runs with autovacuum off, and
 * the embedded one's autovacuum would otherwise analyse mid-run and change the plan under
 * the measurement (seen: index scan before, sequential scan and sort after).
 */
async function refreshPlannerStatistics(db: Database) {
  await db.rows(sql`ANALYZE`);
}

/** Whether the PostgreSQL server answers; benchmarks skip the server half when it does not. */
export async function postgresAvailable(): Promise<boolean> {
  try {
    await admin(benchServerUrl(), 'SELECT 1');
    return true;
  } catch {
    return false;
  }
}
