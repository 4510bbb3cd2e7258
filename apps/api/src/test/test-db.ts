import { inject } from 'vitest';
import type { Database } from '../db/client';
import { openCopy } from './template-db';

/** This test file's own database, a copy of the run's migrated template. */
export function openTestDatabase(): Promise<Database> {
  return openCopy(inject('dbTemplate'));
}
