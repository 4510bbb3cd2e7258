import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, migrationsFolder, type Orm, openDatabase, wrap } from '../client';
import { startDatabaseServer } from '../database-server';
import * as schema from '../schema';
import { seedDemoData } from '../../demo/demo';
import { seedPlatformData } from '../seed/platform';
import { seedReferenceData } from '../seed/reference';
import { openPgliteFolder, PGLITE_PENDING } from './pglite-import';

// A data folder written by the previous release (PGlite at the root of DATA_DIR, files in
// uploads/) starts on this release with every row, sequence and file: imported into the
// embedded PostgreSQL server on first start, the old folder kept aside.

const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-import-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The database handle the previous release opened on its data folder. */
async function openPreviousRelease(dir: string): Promise<{ db: Database; client: PGlite }> {
  const client = await openPgliteFolder(dir);
  const orm = drizzle(client, { schema }) as unknown as Orm;
  const db = wrap(orm, {
    migrate: () => migrate(orm as any, { migrationsFolder }),
    close: () => client.close(),
    tuples: async (query, values) => (await client.query<unknown[]>(query.text, values, { rowMode: 'array' })).rows,
  });
  return { db, client };
}

/** What must come through: each table's count, the content of the business tables, each sequence. */
async function snapshot(rows: <T>(text: string) => Promise<T[]>) {
  const tables = await rows<{ name: string }>(
    `SELECT quote_ident(relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = Number((await rows<{ n: string }>(`SELECT count(*) AS n FROM ${name}`))[0].n);
  const digests: Record<string, string> = {};
  for (const name of ['participations', 'answers', 'invoices', 'companies', 'users']) {
    digests[name] = (await rows<{ d: string }>(`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t.id), '')) AS d FROM ${name} t`))[0].d;
  }
  const sequences = Object.fromEntries(
    (await rows<{ name: string; last: string | null }>(`SELECT sequencename AS name, last_value::text AS last FROM pg_sequences WHERE schemaname = 'public'`)).map(
      (s) => [s.name, s.last],
    ),
  );
  return { counts, digests, sequences };
}

describe('a PGlite data folder of the previous release', () => {
  it('is imported into the embedded server on first start, checked, and kept aside', { timeout: 1_200_000 }, async () => {
    // The previous release's first start: migrations, seeds and the demo data, on PGlite.
    const previous = await openPreviousRelease(dataDir);
    await previous.db.migrate();
    await seedReferenceData(previous.db);
    await seedPlatformData(previous.db);
    await seedDemoData(previous.db);
    const before = await snapshot(async (text) => (await previous.client.query<any>(text)).rows);
    await previous.db.close();
    const photo = path.join(dataDir, 'uploads', 'images', 'photo.jpg');
    mkdirSync(path.dirname(photo), { recursive: true });
    writeFileSync(photo, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    expect(before.counts.participations).toBeGreaterThan(0);
    expect(before.counts.answers).toBeGreaterThan(0);
    expect(before.counts.invoices).toBeGreaterThan(0);

    const heard: string[] = [];
    const log = { info: (m: string) => heard.push(m), warn: (m: string) => heard.push(m) };
    const server = await startDatabaseServer({ DATA_DIR: dataDir, DATABASE_URL: undefined }, log);
    try {
      const db = await openDatabase({ databaseUrl: server.url, statementTimeoutMs: 60_000, poolSize: 2 });
      try {
        const after = await snapshot((text) => db.rows(sql.raw(text)));
        expect(after).toEqual(before);
        // What the API does next at every start changes nothing in imported data.
        await db.migrate();
        await seedReferenceData(db);
        await seedPlatformData(db);
        await seedDemoData(db);
        expect((await snapshot((text) => db.rows(sql.raw(text)))).counts).toEqual(before.counts);
        // The sequences go on from where PGlite left them: a new row takes a new id.
        const [{ next }] = await db.rows<{ next: string }>(sql`SELECT nextval('participations_id_seq')::text AS next`);
        expect(BigInt(next)).toBeGreaterThan(BigInt(before.sequences.participations_id_seq ?? 0));
      } finally {
        await db.close();
      }
    } finally {
      await server.stop();
    }
    const entries = readdirSync(dataDir);
    expect(entries).not.toContain('PG_VERSION');
    expect(entries).not.toContain('base');
    expect(entries).not.toContain(PGLITE_PENDING);
    const kept = entries.filter((e) => e.startsWith('pglite-before-postgres-'));
    expect(kept).toHaveLength(1);
    expect(existsSync(path.join(dataDir, kept[0], 'PG_VERSION'))).toBe(true);
    expect(readFileSync(photo)).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    expect(heard.join('\n')).toMatch(/données PGlite importées .*comptes vérifiés ; ancien dossier gardé dans/);

    // The second start finds nothing to import and the same data.
    heard.length = 0;
    const again = await startDatabaseServer({ DATA_DIR: dataDir, DATABASE_URL: undefined }, log);
    try {
      const db = await openDatabase({ databaseUrl: again.url, statementTimeoutMs: 60_000, poolSize: 1 });
      try {
        expect((await snapshot((text) => db.rows(sql.raw(text)))).digests).toEqual(before.digests);
      } finally {
        await db.close();
      }
    } finally {
      await again.stop();
    }
    expect(heard.join('\n')).not.toContain('PGlite');
  });
});
