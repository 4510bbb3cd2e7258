import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** The server's major version (18 for 18.4). */
async function serverMajor(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
    return Math.floor(Number(rows[0].v) / 10_000);
  } finally {
    await client.end();
  }
}

function majorOf(program: string): number | undefined {
  const result = spawnSync(program, ['--version'], { encoding: 'utf8' });
  const match = /\(PostgreSQL\) (\d+)/.exec(result.stdout ?? '');
  return match ? Number(match[1]) : undefined;
}

/**
 * pg_dump or pg_restore of a version that can read the server (pg_dump refuses a server
 * newer than itself): PG_BIN_DIR when given, else Debian's /usr/lib/postgresql/<N>/bin
 * (newest first), else the one on PATH.
 */
export function findProgram(name: 'pg_dump' | 'pg_restore', minimumMajor: number, binDir?: string): string {
  const candidates: string[] = [];
  if (binDir) candidates.push(path.join(binDir, name));
  else {
    const debian = '/usr/lib/postgresql';
    if (existsSync(debian)) {
      for (const version of readdirSync(debian).sort((a, b) => Number(b) - Number(a))) candidates.push(path.join(debian, version, 'bin', name));
    }
    candidates.push(name);
  }
  for (const program of candidates) {
    const major = majorOf(program);
    if (major !== undefined && major >= minimumMajor) return program;
  }
  throw new Error(
    `${name} ${minimumMajor} ou plus récent introuvable (${candidates.join(', ')}) : installez le client PostgreSQL ${minimumMajor} (paquet postgresql-client-${minimumMajor}) ou donnez PG_BIN_DIR.`,
  );
}

function run(program: string, args: string[]): void {
  const result = spawnSync(program, args, { encoding: 'utf8', stdio: ['ignore', 'inherit', 'pipe'] });
  if (result.status !== 0) throw new Error(`${path.basename(program)} a échoué (code ${result.status}) : ${result.stderr || result.error?.message}`);
}

/**
 * pg_dump in its custom format: one transaction's snapshot of the whole database, taken
 * while the API runs (readers and writers are not blocked).
 */
export async function backupServer(databaseUrl: string, file: string, binDir?: string): Promise<void> {
  const pgDump = findProgram('pg_dump', await serverMajor(databaseUrl), binDir);
  run(pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${databaseUrl}`]);
}

/**
 * Empties the database (its application schemas: public and drizzle's) and restores the
 * dump into it in one transaction: either the whole backup is in, or nothing changed.
 */
export async function restoreServer(file: string, databaseUrl: string, binDir?: string): Promise<void> {
  const pgRestore = findProgram('pg_restore', await serverMajor(databaseUrl), binDir);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public');
  } finally {
    await client.end();
  }
  run(pgRestore, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${databaseUrl}`, file]);
}
