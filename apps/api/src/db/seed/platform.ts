import type { Database } from '../client';
import { seedPermissions } from './permissions';

/**
 * Platform data every installation needs beyond the reference lists: the permission
 * catalogue and the global roles. Idempotent; runs at every start after the reference seed.
 */
export async function seedPlatformData(db: Database): Promise<void> {
  await seedPermissions(db);
}
