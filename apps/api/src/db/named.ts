import { createHash } from 'node:crypto';

/** A drizzle query that can run as a named (prepared) statement. */
interface Preparable<T> {
  prepare(name: string): { getQuery(): { sql: string }; execute(): Promise<T> };
}

/** The text first run under each name in this process. */
const textOf = new Map<string, string>();

/**
 * Runs a hot statement as a named one: on PostgreSQL each pooled connection parses and
 * plans it once, then only binds and executes (PERFORMANCE.md: planning took longer than
 * executing for the statements of the request path). `shape` names what decides the
 * text (`answers_20`: an insert of 20 rows); the query is built once. `pg` refuses one
 * name for two texts, so a text that differs from the one first run under its shape
 * runs under the hash of its text instead.
 */
export function runNamed<T>(query: Preparable<T>, shape: string): Promise<T> {
  const name = `n_${shape}`;
  const prepared = query.prepare(name);
  const text = prepared.getQuery().sql;
  const first = textOf.get(name);
  if (first === undefined) textOf.set(name, text);
  else if (first !== text) return query.prepare(`n_${createHash('sha1').update(text).digest('base64url')}`).execute();
  return prepared.execute();
}
