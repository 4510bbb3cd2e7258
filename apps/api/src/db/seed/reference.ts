import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { categories, sectors, zones } from '../schema';
import { CAMEROON, CAMEROON_REGIONS } from './cameroon-zones';
import { REFERENCE_CATEGORIES } from './category-tree';

const SECTORS: Array<[code: string, name: string]> = [
  ['agri', 'Agriculture et agroalimentaire'],
  ['bank', 'Banque, assurance et microfinance'],
  ['telecom', 'Télécommunications'],
  ['retail', 'Commerce et distribution'],
  ['health', 'Santé'],
  ['education', 'Éducation et formation'],
  ['energy', 'Énergie et eau'],
  ['transport', 'Transport et logistique'],
  ['public', 'Administration publique'],
  ['ngo', 'ONG et associations'],
  ['hospitality', 'Hôtellerie et restauration'],
  ['services', 'Services aux entreprises'],
];


/** Stable code of a town from its name (accents and spaces removed, upper case). */
function townCode(regionCode: string, name: string): string {
  const plain = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return `${regionCode}-${plain.replace(/[^A-Za-z0-9]+/g, '').toUpperCase()}`;
}

/** Inserts the platform reference data when absent; safe to run at every start. */
export async function seedReferenceData(db: Database): Promise<void> {
  const [{ n }] = await db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM zones`);
  if (n > 0) return;
  await db.transaction(async (tx) => {
    const [country] = await tx.orm
      .insert(zones)
      .values({ type: 'country', ...CAMEROON })
      .returning({ id: zones.id });
    for (const region of CAMEROON_REGIONS) {
      const [r] = await tx.orm
        .insert(zones)
        .values({ type: 'region', code: `CM-${region.code}`, name: region.name, parent_id: country.id })
        .returning({ id: zones.id });
      await tx.orm.insert(zones).values(
        region.towns.map((name) => ({
          type: 'town' as const,
          name,
          code: townCode(region.code, name),
          parent_id: r.id,
        })),
      );
    }
    await tx.orm.insert(sectors).values(SECTORS.map(([code, name]) => ({ code, name })));
    await tx.orm.insert(categories).values(REFERENCE_CATEGORIES.map(({ type, code, name }) => ({ type, code, name })));
  });
}
