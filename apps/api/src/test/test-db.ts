import { inject } from 'vitest';
import type { Database, DatabaseOptions } from '../db/client';
import { openCopy } from './template-db';

/** This test file's own database, a copy of the run's migrated template. */
export function openTestDatabase(extra: Pick<DatabaseOptions, 'onStatement'> = {}): Promise<Database> {
  return openCopy(inject('dbTemplate'), extra);
}
