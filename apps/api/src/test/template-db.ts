import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config';
import { type Database, type DatabaseOptions, openDatabase } from '../db/client';
import { seedPlatformData } from '../db/seed/platform';
import { seedReferenceData } from '../db/seed/reference';

export type TemplateRef =
  | { kind: 'pglite'; dumpFile: string }
  | { kind: 'postgres'; serverUrl: string; database: string };

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

/** Creates the template: migrated and holding the reference data. */
export async function createTemplate(): Promise<TemplateRef> {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    const database = `tpl_${randomBytes(5).toString('hex')}`;
    await adminQuery(config.DATABASE_URL, `CREATE DATABASE ${database}`);
    const db = await openDatabase({
      databaseUrl: withDatabase(config.DATABASE_URL, database),
      statementTimeoutMs: 30_000,
      poolSize: 1,
    });
    await prepare(db);
    await db.close();
    return { kind: 'postgres', serverUrl: config.DATABASE_URL, database };
  }
  const db = await openDatabase({ statementTimeoutMs: 30_000 });
  await prepare(db);
  const client = (db.orm as any).$client;
  const dump: Blob = await client.dumpDataDir('none');
  await db.close();
  const dir = await mkdtemp(path.join(tmpdir(), 'api-tpl-'));
  const dumpFile = path.join(dir, 'template.tar');
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  return { kind: 'pglite', dumpFile };
}

export async function dropTemplate(ref: TemplateRef) {
  if (ref.kind === 'postgres') {
    await adminQuery(ref.serverUrl, `DROP DATABASE IF EXISTS ${ref.database} WITH (FORCE)`);
  } else {
    await rm(path.dirname(ref.dumpFile), { recursive: true, force: true });
  }
}

/** A fresh database for one test file, copied from the template; `close` drops it. */
export async function openCopy(ref: TemplateRef, extra: Pick<DatabaseOptions, 'onStatement'> = {}): Promise<Database> {
  if (ref.kind === 'pglite') {
    const bytes = await readFile(ref.dumpFile);
    return openDatabase({ statementTimeoutMs: 30_000, loadDataDir: new Blob([bytes]), ...extra });
  }
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
