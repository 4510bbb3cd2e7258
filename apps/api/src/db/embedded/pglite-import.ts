import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../client';
import type { EmbeddedLog } from './embedded-server';

/**
 * What PGlite (the embedded engine before the PostgreSQL server) wrote at the root of the
 * data folder, beside `uploads/`: the files of its cluster.
 */
const PGLITE_ENTRY = /^(PG_VERSION|base|global|pg_[a-z_]+(\.conf)?|postgresql(\.auto)?\.conf|postmaster\.(pid|opts))$/;
/** Where those files wait while they are imported; renamed once the import is checked. */
export const PGLITE_PENDING = 'pglite-import';
/** Rows read from PGlite and written to the server per statement. */
const BATCH_ROWS = 2_000;

interface Table {
  schema: string;
  name: string;
  /** Columns the rows are written with (generated ones are computed again). */
  columns: string[];
}

/** The PGlite interface this import uses (a dynamic import: only an old folder loads PGlite). */
interface Source {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (t: { schema: string; name: string }) => `${ident(t.schema)}.${ident(t.name)}`;

/**
 * Opens a PGlite folder with what this release's migrations need of it: the `unaccent`
 * extension (migration 0029), which PGlite ships as a contrib module.
 */
export async function openPgliteFolder(dir: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  return PGlite.create(dir, { extensions: { unaccent } });
}

/** Moves PGlite's files into the pending folder, PG_VERSION last, so an interrupted move resumes. */
function setAside(dataDir: string, pending: string) {
  mkdirSync(pending, { recursive: true });
  const entries = readdirSync(dataDir).filter((name) => PGLITE_ENTRY.test(name) && name !== 'PG_VERSION');
  for (const name of entries) renameSync(path.join(dataDir, name), path.join(pending, name));
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) renameSync(path.join(dataDir, 'PG_VERSION'), path.join(pending, 'PG_VERSION'));
}

async function tablesOf(source: Source): Promise<Table[]> {
  const { rows } = await source.query<{ schema: string; name: string; columns: string[] }>(`
    SELECT n.nspname AS schema, c.relname AS name,
           array_agg(a.attname::text ORDER BY a.attnum) AS columns
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'drizzle') AND n.nspname NOT LIKE 'pg\\_%'
     GROUP BY n.nspname, c.relname
     ORDER BY n.nspname, c.relname`);
  return rows;
}

async function countsOf(query: (text: string) => Promise<{ rows: Array<{ n: number | string }> }>, tables: Table[]) {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const { rows } = await query(`SELECT count(*) AS n FROM ${qualified(table)}`);
    counts.set(qualified(table), Number(rows[0].n));
  }
  return counts;
}

/**
 * Copies every row of every table and every sequence's position from PGlite into the
 * server's (freshly migrated) database, in one transaction, then compares the counts.
 * Triggers and foreign keys are off while the rows go in (`session_replication_role`):
 * the rows are the ones PGlite held, already consistent, in whichever order.
 */
async function copyAll(source: Source, target: pg.Client, tables: Table[]) {
  await target.query('BEGIN');
  await target.query('SET LOCAL session_replication_role = replica');
  // Rows the migrations themselves wrote (catalogues) come from PGlite like all the others.
  if (tables.length) await target.query(`TRUNCATE ${tables.map(qualified).join(', ')}`);
  let rows = 0;
  await source.exec('BEGIN');
  try {
    for (const table of tables) {
      const columns = table.columns.map(ident).join(', ');
      await source.exec(`DECLARE import_rows NO SCROLL CURSOR FOR SELECT row_to_json(r)::text AS j FROM ${qualified(table)} r`);
      for (;;) {
        const batch = await source.query<{ j: string }>(`FETCH ${BATCH_ROWS} FROM import_rows`);
        if (!batch.rows.length) break;
        // Through JSON, every type keeps its exact text form (numeric, bytea, timestamps, arrays).
        await target.query(
          `INSERT INTO ${qualified(table)} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(NULL::${qualified(table)}, $1::json)`,
          [`[${batch.rows.map((r) => r.j).join(',')}]`],
        );
        rows += batch.rows.length;
      }
      await source.exec('CLOSE import_rows');
    }
  } finally {
    await source.exec('COMMIT');
  }
  const sequences = await source.query<{ schema: string; name: string; last_value: string | null }>(
    `SELECT schemaname AS schema, sequencename AS name, last_value::text FROM pg_sequences WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
  );
  for (const seq of sequences.rows) {
    // A sequence never used keeps its start (is_called false); else the next value follows the last.
    if (seq.last_value === null) await target.query(`ALTER SEQUENCE ${qualified(seq)} RESTART`);
    else await target.query('SELECT setval($1::regclass, $2::bigint, true)', [qualified(seq), seq.last_value]);
  }
  const before = await countsOf((text) => source.query(text), tables);
  const after = await countsOf((text) => target.query(text), tables);
  const differ = [...before].filter(([name, n]) => after.get(name) !== n).map(([name, n]) => `${name} : ${n} → ${after.get(name)}`);
  if (differ.length) {
    await target.query('ROLLBACK');
    throw new Error(`Import des données PGlite refusé, les comptes diffèrent :\n${differ.join('\n')}`);
  }
  await target.query('COMMIT');
  return { rows, sequences: sequences.rows.length };
}

export interface ImportOptions {
  dataDir: string;
  /** The embedded server's `postgres` database (to recreate the application's). */
  adminUrl: string;
  database: string;
  log: EmbeddedLog;
}

/**
 * Imports the data folder of an earlier release (PGlite, at the root of DATA_DIR) into the
 * embedded PostgreSQL server, once, before the API starts: PGlite's files are set aside in
 * `pglite-import/`, brought to the current schema by the same migrations, copied table by
 * table with the sequences, checked by counts, and the folder is then renamed
 * `pglite-before-postgres-<date>/` (kept, never deleted). Uploaded files stay where they
 * are (`uploads/`). An import interrupted at any point starts over at the next start, on
 * a recreated database: nothing was served from it yet.
 */
export async function importPgliteFolder(options: ImportOptions): Promise<boolean> {
  const { dataDir, adminUrl, database, log } = options;
  const pending = path.join(dataDir, PGLITE_PENDING);
  if (existsSync(path.join(dataDir, 'PG_VERSION')) || existsSync(pending)) setAside(dataDir, pending);
  if (!existsSync(path.join(pending, 'PG_VERSION'))) return false;
  const started = Date.now();
  log.info(`dossier PGlite d'une version précédente trouvé : import dans le serveur PostgreSQL intégré (${pending})`);

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${ident(database)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${ident(database)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const db = await openDatabase({ databaseUrl: url.toString(), statementTimeoutMs: 0, poolSize: 1 });
  try {
    await db.migrate();
  } finally {
    await db.close();
  }

  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const source = await openPgliteFolder(pending);
  const target = new pg.Client({ connectionString: url.toString() });
  let copied: { rows: number; sequences: number };
  let tables: Table[];
  try {
    // The folder of an older release: first brought to this release's schema, as it would have been.
    await migrate(drizzle(source), { migrationsFolder });
    tables = await tablesOf(source);
    await target.connect();
    copied = await copyAll(source, target, tables);
  } finally {
    await target.end().catch(() => {});
    await source.close();
  }
  const kept = path.join(dataDir, `pglite-before-postgres-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  renameSync(pending, kept);
  log.info(
    `données PGlite importées en ${Math.round((Date.now() - started) / 1000)} s : ${tables.length} tables, ${copied.rows} lignes, ` +
      `${copied.sequences} séquences, comptes vérifiés ; ancien dossier gardé dans ${kept} (à supprimer quand vous voulez)`,
  );
  return true;
}
