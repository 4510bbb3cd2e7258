import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGES } from '../modules/commerce/entitlements/catalogue';
import { DEMO_PACKAGE_SLUG } from './demo-commerce';

const root = path.resolve(__dirname, '../../../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

describe('the README says what the code does', () => {
  it('names the package the demo company really subscribes to', () => {
    const seeded = PACKAGES.find((p) => p.slug === DEMO_PACKAGE_SLUG);
    expect(seeded).toBeDefined();
    expect(readme).toContain(`« ${seeded!.name} »`);
    for (const other of PACKAGES.filter((p) => p.slug !== DEMO_PACKAGE_SLUG)) expect(readme).not.toContain(`abonnement « ${other.name} »`);
  });

  it('names the map tile setting the web build reads', () => {
    const mapConfig = readFileSync(path.join(root, 'apps/web/src/features/structure/map/map-config.ts'), 'utf8');
    const settings = [...mapConfig.matchAll(/import\.meta\.env\?\.(VITE_\w+)/g)].map((m) => m[1]);
    expect(settings).toContain('VITE_MAP_TILE_URL');
    for (const setting of settings) expect(readme).toContain(`\`${setting}\``);
  });
});
