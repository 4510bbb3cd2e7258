import type { Database } from '../client';
import { seedCommerceCatalogue } from '../../modules/commerce/entitlements/catalogue';
import { seedPermissions } from './permissions';
import { seedPlatformTemplates } from './platform-templates';

/**
 * Platform data every installation needs beyond the reference lists: the permission
 * catalogue, the global roles, the commerce features and packages, and the library of
 * published platform templates. Idempotent; runs at every start after the reference seed.
 */
export async function seedPlatformData(db: Database): Promise<void> {
  await seedPermissions(db);
  await seedCommerceCatalogue(db);
  await seedPlatformTemplates(db);
}
