import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database, PreparedRows } from '../../db/client';

/**
 * Where a value that changes from one run of a statement to the next goes (the parent
 * keys of an include): a parameter of this run, or a placeholder of a kept statement.
 */
export type ValueSlot = (name: string) => SQLWrapper;

/**
 * How the engine runs the statements of one list or row: `key` names the statement
 * within it (the list, the total, an include node), `build` writes it, `values` fill
 * its slots.
 */
export interface Statements {
  rows<T = Record<string, unknown>>(key: unknown, build: (slot: ValueSlot) => SQL, values?: Record<string, unknown>): Promise<T[]>;
}

/** Built for this run only, through `db.rows` (what every caller got before plans). */
export function freshStatements(db: Database): Statements {
  return {
    rows(_key, build, values = {}) {
      return db.rows(build((name) => sql.param(values[name])));
    },
  };
}

/**
 * Built once per key and kept, as named statements on `db` (list plans, list-plans.ts):
 * a repeated list runs no SQL building and PostgreSQL plans it once per connection.
 */
export class KeptStatements implements Statements {
  private readonly kept = new Map<unknown, PreparedRows<unknown>>();

  constructor(readonly db: Database) {}

  rows<T>(key: unknown, build: (slot: ValueSlot) => SQL, values?: Record<string, unknown>): Promise<T[]> {
    let prepared = this.kept.get(key);
    if (!prepared) {
      prepared = this.db.prepare(build((name) => sql.placeholder(name)), true);
      this.kept.set(key, prepared);
    }
    return prepared.execute(values) as Promise<T[]>;
  }
}
