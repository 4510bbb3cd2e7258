import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { features, packageFeatures, packages } from '../../../db/schema';
import { PREMIUM_TEMPLATES_FEATURE } from '@app/contracts/surveys';

/** The features the platform counts (slug → what is measured). */
export const FEATURE_SLUGS = ['surveys', 'agents', 'participations', 'storage', 'articles'] as const;
export type FeatureSlug = (typeof FEATURE_SLUGS)[number];

/**
 * Features that open something rather than count it: a package includes them (any limit
 * but 0) or not. `premium_templates`: the platform's premium survey templates.
 */
export const ACCESS_FEATURES = [
  {
    slug: PREMIUM_TEMPLATES_FEATURE,
    name: 'Modèles premium',
    description: 'Accès aux modèles de formulaires premium de la plateforme.',
    metric: 'count' as const,
    /** The packages of PACKAGES that include it when the feature is first created. */
    packages: ['entreprise'],
  },
] as const;

interface FeatureSeed {
  slug: FeatureSlug;
  name: string;
  description: string;
  metric: 'count' | 'monthly' | 'bytes';
}

const FEATURES: readonly FeatureSeed[] = [
  { slug: 'surveys', name: 'Enquêtes', description: 'Enquêtes et formulaires de l’entreprise (hors modèles et supprimés).', metric: 'count' },
  { slug: 'agents', name: 'Agents', description: 'Membres de l’entreprise (actifs ou invités).', metric: 'count' },
  { slug: 'participations', name: 'Participations par mois', description: 'Participations reçues dans le mois calendaire.', metric: 'monthly' },
  { slug: 'storage', name: 'Stockage (Mo)', description: 'Fichiers envoyés (photos, pièces jointes), en mégaoctets.', metric: 'bytes' },
  { slug: 'articles', name: 'Articles', description: 'Biens et services proposés à la réservation.', metric: 'count' },
];

interface PackageSeed {
  slug: string;
  name: string;
  description: string;
  price: number;
  period: 'month' | 'year';
  isDefault: boolean;
  /** null: unlimited. */
  limits: Record<FeatureSlug, number | null>;
  /** Price per unit beyond the limit (a soft limit, billed when the period closes); absent: hard limit. */
  overage?: Partial<Record<FeatureSlug, number>>;
}

/**
 * The packages every installation starts with. "Découverte" is free and is what a company
 * without a subscription gets (docs/DOMAIN.md "Commerce"); the platform admin may add others.
 */
export const PACKAGES: readonly PackageSeed[] = [
  {
    slug: 'decouverte',
    name: 'Découverte',
    description: 'Gratuit, pour essayer : sans abonnement, une entreprise est sur cette formule.',
    price: 0,
    period: 'month',
    isDefault: true,
    limits: { surveys: 10, agents: 10, participations: 1000, storage: 500, articles: 20 },
  },
  {
    slug: 'essentiel',
    name: 'Essentiel',
    description: 'Pour une équipe de terrain.',
    price: 15_000,
    period: 'month',
    isDefault: false,
    limits: { surveys: 50, agents: 50, participations: 10_000, storage: 5_000, articles: 200 },
    overage: { participations: 5, storage: 20 },
  },
  {
    slug: 'entreprise',
    name: 'Entreprise',
    description: 'Sans limite d’enquêtes, pour les grands réseaux.',
    price: 150_000,
    period: 'month',
    isDefault: false,
    limits: { surveys: null, agents: 500, participations: null, storage: 50_000, articles: null },
    overage: { agents: 2_000, storage: 10 },
  },
];

/** Creates the features and packages above when absent; existing rows are left as they are. */
export async function seedCommerceCatalogue(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.rows(sql`SELECT pg_advisory_xact_lock(hashtext('seed-commerce-catalogue'))`);
    for (const feature of FEATURES) {
      await tx.orm.insert(features).values(feature).onConflictDoNothing({ target: features.slug });
    }
    const createdAccess: Array<(typeof ACCESS_FEATURES)[number]> = [];
    for (const { packages: _p, ...feature } of ACCESS_FEATURES) {
      const inserted = await tx.orm.insert(features).values(feature).onConflictDoNothing({ target: features.slug }).returning({ id: features.id });
      if (inserted.length > 0) createdAccess.push(ACCESS_FEATURES.find((f) => f.slug === feature.slug)!);
    }
    const featureIds = new Map(
      (await tx.orm.select({ id: features.id, slug: features.slug }).from(features)).map((f) => [f.slug, f.id]),
    );
    for (const seed of PACKAGES) {
      const [existing] = await tx.orm.select({ id: packages.id }).from(packages).where(eq(packages.slug, seed.slug));
      // An access feature is given to its packages once, when it first appears: the admin's
      // later choices (removing it from a package) are never undone by a restart.
      const grants = createdAccess.filter((f) => (f.packages as readonly string[]).includes(seed.slug));
      if (existing) {
        for (const f of grants) {
          await tx.orm.insert(packageFeatures).values({ package_id: existing.id, feature_id: featureIds.get(f.slug)!, limit_value: null }).onConflictDoNothing();
        }
        continue;
      }
      const [created] = await tx.orm
        .insert(packages)
        .values({
          slug: seed.slug,
          name: seed.name,
          description: seed.description,
          price: seed.price,
          period: seed.period,
          is_default: seed.isDefault,
        })
        .returning({ id: packages.id });
      await tx.orm.insert(packageFeatures).values(
        Object.entries(seed.limits).map(([slug, limit]) => ({
          package_id: created.id,
          feature_id: featureIds.get(slug)!,
          limit_value: limit,
          overage_price: seed.overage?.[slug as FeatureSlug] ?? null,
        })),
      );
      for (const f of grants) {
        await tx.orm.insert(packageFeatures).values({ package_id: created.id, feature_id: featureIds.get(f.slug)!, limit_value: null });
      }
    }
  });
}
