import type { Database } from '../client';
import { seedCommerceCatalogue } from '../../modules/commerce/entitlements/catalogue';
import { seedPermissions } from './permissions';

/**
 * Platform data every installation needs beyond the reference lists: the permission
 * catalogue, the global roles, and the commerce features and packages. Idempotent; runs at every start after the reference seed.
 */
export async function seedPlatformData(db: Database): Promise<void> {
  await seedPermissions(db);
  await seedCommerceCatalogue(db);
}
