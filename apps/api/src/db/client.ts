import { createHash } from 'node:crypto';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase } from 'drizzle-orm/pg-core';
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

/** A statement built once and run many times on one Database (see `Database.prepare`). */
export interface PreparedRows<T> {
  /** Runs it with the values of its `sql.placeholder(...)`s. */
  execute(placeholders?: Record<string, unknown>): Promise<T[]>;
}

/** One handle over a PostgreSQL pool (the embedded server's or a separate one). */
export interface Database {
  orm: Orm;
  /** Runs a raw statement built with drizzle's `sql` tag and returns its rows. */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /**
   * Builds `query` to SQL text once, for a caller that keeps the result and runs it many
   * times (the list plans of http/query): no SQL building per run, and when `named`, a
   * statement PostgreSQL parses and plans once per pooled connection. Rows come back as
   * `rows` gives them (same type parsers).
   */
  prepare<T = Record<string, unknown>>(query: SQL, named: boolean): PreparedRows<T>;
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
  /** The pool's connections (metrics); absent inside a transaction. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export interface DatabaseOptions {
  databaseUrl: string;
  statementTimeoutMs: number;
  poolSize?: number;
  /** Told about errors of idle pooled connections (the server closed them). */
  onPoolError?: (error: Error) => void;
  /**
   * Told the SQL text of every statement sent through the handle (tests count the
   * statements of a request with it: a count is deterministic, a timing is not).
   */
  onStatement?: (text: string) => void;
}

/** drizzle's logger hook, when someone listens to the statements. */
function statementLogger(options: DatabaseOptions) {
  const listen = options.onStatement;
  return listen ? { logger: { logQuery: (text: string) => listen(text) } } : {};
}

export type Hooks = Pick<Database, 'migrate' | 'close' | 'tuples' | 'poolStats'>;

/**
 * Most distinct statement texts given a name: a pooled connection keeps every named
 * statement it has prepared until it closes, so the names must stay few however many
 * query shapes clients invent; past this, statements run unnamed (parsed each time).
 */
const MAX_STATEMENT_NAMES = 500;
const statementNames = new Map<string, string>();

function statementName(text: string): string | undefined {
  const known = statementNames.get(text);
  if (known || statementNames.size >= MAX_STATEMENT_NAMES) return known;
  // The name is the text's digest: one text, one name on every connection.
  const name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  statementNames.set(text, name);
  return name;
}

interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: boolean,
    ): { execute(placeholders?: Record<string, unknown>): Promise<unknown> };
  };
}

/** drizzle's own prepared query (what `orm.execute` builds on every call), kept. */
function prepareOn<T>(orm: Orm, query: SQL, named: boolean): PreparedRows<T> {
  const { dialect, session } = orm as unknown as DrizzleInternals;
  const built = dialect.sqlToQuery(query);
  const prepared = session.prepareQuery(built, undefined, named ? statementName(built.sql) : undefined, false);
  return {
    async execute(placeholders) {
      return ((await prepared.execute(placeholders)) as { rows: T[] }).rows;
    },
  };
}

/**
 * A Database over a drizzle handle and its hooks. `openDatabase` is the way in; exported
 * for the test that writes a data folder with the previous engine (PGlite).
 */
export function wrap(orm: Orm, hooks: Hooks): Database {
  const self: Database = {
    orm,
    async rows<T>(query: SQL) {
      const result = (await orm.execute(query)) as unknown as { rows: T[] };
      return result.rows;
    },
    prepare: (query, named) => prepareOn(orm, query, named),
    transaction(fn) {
      const inTransaction: Hooks = {
        ...hooks,
        poolStats: undefined,
        tuples: () => Promise.reject(new Error('tuples() runs outside transactions only')),
      };
      return orm.transaction((tx) => fn(wrap(tx as unknown as Orm, inTransaction)));
    },
    ...hooks,
  };
  return self;
}

/** `tuples` told to the statement listener too (they bypass drizzle and its logger). */
function heard(options: DatabaseOptions, tuples: Database['tuples']): Database['tuples'] {
  const listen = options.onStatement;
  if (!listen) return tuples;
  return (query, values, extra) => {
    listen(query.text);
    return tuples(query, values, extra);
  };
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

/** Opens a pool on the PostgreSQL server at `databaseUrl`. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    statement_timeout: options.statementTimeoutMs,
  });
  // An idle connection dropped by the server (restart, failover, a dropped test
  // database) must not crash the process; the pool replaces it on next use.
  pool.on('error', (error) => options.onPoolError?.(error));
  // The pool listens for errors only on idle connections: one dropped while checked out
  // (a transaction waiting on something else when PostgreSQL stops) would emit 'error'
  // with no listener and end the process (found by the fault suite, docs/RELIABILITY.md).
  // Told like the others; the statement in progress, if any, fails on its own, and the
  // pool discards the broken connection when it is released.
  pool.on('connect', (client) => client.on('error', (error) => options.onPoolError?.(error)));
  const orm = drizzlePg(pool, { schema, ...statementLogger(options) }) as unknown as Orm;
  return wrap(orm, {
    migrate: () => migratePg(orm as any, { migrationsFolder }),
    close: () => pool.end(),
    tuples: heard(options, poolTuples(pool)),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  });
}
