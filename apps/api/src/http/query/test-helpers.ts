import type { SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../db/client';
import { AppError } from '../errors';
import { runListQuery } from './execute';
import { parseQueryObject } from './parse';
import type { QueryScope, ResourceQueryDef } from './resource-def';

export const COMPANY_1: QueryScope = { companyId: 1 };
export const COMPANY_2: QueryScope = { companyId: 2 };

/** Parses a raw query object and runs it, as a list route would. */
export async function list(db: Database, def: ResourceQueryDef, raw: unknown, scope: QueryScope = COMPANY_1) {
  return runListQuery(db, def, parseQueryObject(raw, def), scope);
}

/** The `name` column of a list, in order. */
export async function names(db: Database, def: ResourceQueryDef, raw: unknown, scope: QueryScope = COMPANY_1) {
  return (await list(db, def, raw, scope)).rows.map((r) => r.name);
}

/** Expects a 400 AppError and returns its message. */
export async function expect400(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(400);
  return (error as AppError).message;
}

/** Lower case without accents, like SQL f_unaccent, to compute expectations. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Wraps `db.rows` to count the statements a call runs (proves batching, not N+1). */
export function countStatements(db: Database): { db: Database; count: () => number } {
  let n = 0;
  const counted: Database = {
    ...db,
    rows<T>(query: SQL) {
      n += 1;
      return db.rows<T>(query);
    },
  };
  return { db: counted, count: () => n };
}
