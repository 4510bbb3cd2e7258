import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, type DatabaseOptions, openDatabase } from '../db/client';
import { seedPlatformData } from '../db/seed/platform';
import { seedReferenceData } from '../db/seed/reference';

/** The run's template database, on the embedded server or the one DATABASE_URL names. */
export interface TemplateRef {
  serverUrl: string;
  database: string;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function adminQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function prepare(db: Database) {
  await db.migrate();
  await seedReferenceData(db);
  await seedPlatformData(db);
}

/** Creates the template on the server at `serverUrl`: migrated and holding the reference data. */
export async function createTemplate(serverUrl: string): Promise<TemplateRef> {
  const database = `tpl_${randomBytes(5).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${database}`);
  const db = await openDatabase({
    databaseUrl: withDatabase(serverUrl, database),
    statementTimeoutMs: 30_000,
    poolSize: 1,
  });
  await prepare(db);
  await db.close();
  return { serverUrl, database };
}

export async function dropTemplate(ref: TemplateRef) {
  await adminQuery(ref.serverUrl, `DROP DATABASE IF EXISTS ${ref.database} WITH (FORCE)`);
}

/** A fresh database for one test file, copied from the template; `close` drops it. */
export async function openCopy(ref: TemplateRef, extra: Pick<DatabaseOptions, 'onStatement'> = {}): Promise<Database> {
  const database = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(ref.serverUrl, `CREATE DATABASE ${database} TEMPLATE ${ref.database}`);
  const db = await openDatabase({
    databaseUrl: withDatabase(ref.serverUrl, database),
    statementTimeoutMs: 30_000,
    poolSize: 4,
    // The copy is dropped WITH (FORCE) at the end; connections it cuts are expected.
    onPoolError: () => {},
    ...extra,
  });
  const close = db.close;
  db.close = async () => {
    await close();
    await adminQuery(ref.serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  };
  return db;
}
