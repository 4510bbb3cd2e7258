import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Orm = PgDatabase<any, typeof schema>;

/** A statement compiled once to SQL text, to run many times with new values. */
export interface CompiledQuery {
  /** Names the statement on each connection (PostgreSQL plans it once per connection). */
  name: string;
  text: string;
}

export interface TupleOptions {
  /** Run with PostgreSQL's JIT off (its compilation can cost more than the query). */
  jitOff?: boolean;
}

/** One handle over PGlite or a PostgreSQL pool; the rest of the code never asks which. */
export interface Database {
  kind: 'pglite' | 'postgres';
  orm: Orm;
  /** Runs a raw statement built with drizzle's `sql` tag and returns its rows. */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /**
   * Runs a compiled statement and returns its rows as arrays, for hot loops that run
   * one statement many times (export batches): no SQL building, no planning and no row
   * objects per call. Outside transactions only.
   */
  tuples(query: CompiledQuery, values: unknown[], options?: TupleOptions): Promise<unknown[][]>;
  /** Runs `fn` in one transaction; `tx` is a Database bound to it. */
  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; `memory://` for an in-memory database. */
  dataDir?: string;
  /** A PGlite data dump (from `dumpDataDir`) to start from, for fast test databases. */
  loadDataDir?: Blob | File;
  statementTimeoutMs: number;
  poolSize?: number;
  /** Told about errors of idle pooled connections (the server closed them). */
  onPoolError?: (error: Error) => void;
}

type Hooks = Pick<Database, 'migrate' | 'close' | 'tuples'>;

function wrap(kind: Database['kind'], orm: Orm, hooks: Hooks): Database {
  const self: Database = {
    kind,
    orm,
    async rows<T>(query: SQL) {
      const result = (await orm.execute(query)) as unknown as { rows: T[] };
      return result.rows;
    },
    transaction(fn) {
      const inTransaction: Hooks = {
        ...hooks,
        tuples: () => Promise.reject(new Error('tuples() runs outside transactions only')),
      };
      return orm.transaction((tx) => fn(wrap(kind, tx as unknown as Orm, inTransaction)));
    },
    ...hooks,
  };
  return self;
}

/** `tuples` on a pool: a named statement (prepared once per connection), JIT off on request. */
function poolTuples(pool: pg.Pool): Database['tuples'] {
  return async (query, values, options = {}) => {
    const config = { name: query.name, text: query.text, values, rowMode: 'array' as const };
    if (!options.jitOff) return (await pool.query<unknown[]>(config)).rows;
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('SET jit = off');
      return (await client.query<unknown[]>(config)).rows;
    } finally {
      // The setting must not follow the connection back into the pool.
      await client.query('RESET jit').catch((error: Error) => {
        broken = error;
      });
      client.release(broken);
    }
  };
}

/** Opens PGlite (default) or a PostgreSQL pool when a URL is given. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      statement_timeout: options.statementTimeoutMs,
    });
    // An idle connection dropped by the server (restart, failover, a dropped test
    // database) must not crash the process; the pool replaces it on next use.
    pool.on('error', (error) => options.onPoolError?.(error));
    const orm = drizzlePg(pool, { schema }) as unknown as Orm;
    return wrap('postgres', orm, {
      migrate: () => migratePg(orm as any, { migrationsFolder }),
      close: () => pool.end(),
      tuples: poolTuples(pool),
    });
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // PGlite is a single connection that queues its queries itself, so calls are
  // serialised; transactions hold that queue until they end.
  const client = await PGlite.create(dataDir, { loadDataDir: options.loadDataDir });
  await client.exec(`SET statement_timeout = ${Math.trunc(options.statementTimeoutMs)}`);
  const orm = drizzlePglite(client, { schema }) as unknown as Orm;
  return wrap('pglite', orm, {
    migrate: () => migratePglite(orm as any, { migrationsFolder }),
    close: () => client.close(),
    // PGlite has no JIT, and parses each statement anyway; rows as arrays still save objects.
    tuples: async (query, values) => (await client.query<unknown[]>(query.text, values, { rowMode: 'array' })).rows,
  });
}
