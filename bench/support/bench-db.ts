import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/api/src/db/client';
import { seedReferenceData } from '../../apps/api/src/db/seed/reference';

/** The PostgreSQL server benchmarks use: BENCH_DATABASE_URL, else DATABASE_URL, else the local one. */
export function benchServerUrl(): string {
  return process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
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

/** A fresh, migrated, seeded database of the given kind; `close` removes it. */
export async function openBenchDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') {
    const db = await openDatabase({ statementTimeoutMs: 60_000 });
    await db.migrate();
    await seedReferenceData(db);
    return db;
  }
  const server = benchServerUrl();
  const name = `bench_${randomBytes(4).toString('hex')}`;
  await admin(server, `CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), statementTimeoutMs: 60_000, poolSize: 10 });
  await db.migrate();
  await seedReferenceData(db);
  const close = db.close;
  db.close = async () => {
    await close();
    await admin(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  return db;
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
