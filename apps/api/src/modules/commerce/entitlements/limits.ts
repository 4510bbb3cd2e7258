import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { features, packageFeatures, packages, subscriptions } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { commerceSettings } from '../settings';
import type { FeatureSlug } from './catalogue';
import { limitText } from './limits.texts';
import { usageOf } from './usage';

export interface CompanyPlan {
  packageId: number;
  packageName: string;
  packageSlug: string;
  subscriptionId: number | null;
  endsAt: Date | null;
  /** feature slug → limit (null: unlimited). A feature absent from the package is not granted (0). */
  limits: Map<string, number | null>;
  /** feature slug → price per unit beyond the limit (null: the limit is hard). */
  overagePrices: Map<string, number | null>;
  /** True while the company lives on an unpaid renewal's grace period. */
  inGrace: boolean;
}

/**
 * The package in force for a company: its active subscription covering `now`; else a
 * renewal still unpaid but within its grace period (the company keeps its package while it
 * pays); else the default (free) package.
 */
export async function currentPlan(db: Database, companyId: number, now = new Date()): Promise<CompanyPlan> {
  const graceStart = new Date(now.getTime() - commerceSettings().renewalGraceMs);
  const [subscribed] = await db.orm
    .select({ id: subscriptions.id, package_id: subscriptions.package_id, ends_at: subscriptions.ends_at, status: subscriptions.status })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.company_id, companyId),
        lte(subscriptions.starts_at, now),
        or(
          and(eq(subscriptions.status, 'active'), or(isNull(subscriptions.ends_at), gt(subscriptions.ends_at, now))),
          and(eq(subscriptions.status, 'pending'), isNotNull(subscriptions.renews_id), gt(subscriptions.starts_at, graceStart)),
        ),
      ),
    )
    // A paid subscription before a renewal in grace.
    .orderBy(asc(subscriptions.status), desc(subscriptions.starts_at))
    .limit(1);
  const [pkg] = await db.orm
    .select({ id: packages.id, name: packages.name, slug: packages.slug })
    .from(packages)
    .where(subscribed ? eq(packages.id, subscribed.package_id) : eq(packages.is_default, true));
  if (!pkg) throw new AppError(500, 'no_default_package');
  const rows = await db.orm
    .select({ slug: features.slug, limit: packageFeatures.limit_value, overage: packageFeatures.overage_price })
    .from(packageFeatures)
    .innerJoin(features, eq(features.id, packageFeatures.feature_id))
    .where(eq(packageFeatures.package_id, pkg.id));
  const limits = new Map(rows.map((r) => [r.slug, r.limit]));
  for (const given of [...(await categoryFeatureLimits(db, companyId)), ...(await grantedFeatureLimits(db, companyId))]) {
    if (!limits.has(given.slug)) limits.set(given.slug, given.limit);
    else limits.set(given.slug, largerLimit(limits.get(given.slug) ?? null, given.limit));
  }
  return {
    packageId: pkg.id,
    packageName: pkg.name,
    packageSlug: pkg.slug,
    subscriptionId: subscribed?.id ?? null,
    endsAt: subscribed?.ends_at ?? null,
    limits,
    overagePrices: new Map(rows.map((r) => [r.slug, r.overage])),
    inGrace: subscribed?.status === 'pending',
  };
}

/** The larger of two limits, null being unlimited. */
const largerLimit = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.max(a, b));

/**
 * The features the company's category (and the categories above it) give by default
 * (DOMAIN.md "Category"), the largest limit per feature. None without a category.
 */
async function categoryFeatureLimits(db: Database, companyId: number): Promise<{ slug: string; limit: number | null }[]> {
  return db.rows<{ slug: string; limit: number | null }>(sql`
    WITH RECURSIVE up(id, depth) AS (
      SELECT category_id, 0 FROM companies WHERE id = ${companyId} AND category_id IS NOT NULL
      UNION ALL
      SELECT k.parent_id, up.depth + 1 FROM categories k JOIN up ON k.id = up.id WHERE k.parent_id IS NOT NULL AND up.depth < 100
    )
    SELECT f.slug, CASE WHEN bool_or(cf.limit_value IS NULL) THEN NULL ELSE max(cf.limit_value) END::int AS "limit"
    FROM category_features cf JOIN features f ON f.id = cf.feature_id
    WHERE cf.category_id IN (SELECT id FROM up)
    GROUP BY f.slug`);
}

/** The features the platform's admins granted this company alone (company_features). */
async function grantedFeatureLimits(db: Database, companyId: number): Promise<{ slug: string; limit: number | null }[]> {
  return db.rows<{ slug: string; limit: number | null }>(sql`
    SELECT f.slug, g.limit_value AS "limit" FROM company_features g JOIN features f ON f.id = g.feature_id WHERE g.company_id = ${companyId}`);
}

/**
 * The one check of a feature's limit, called where the action happens (survey creation,
 * agent invitation, article creation), inside the transaction that writes the row: a lock
 * per company and feature makes concurrent creations count one after the other.
 * Refuses with 409 `limit_reached` naming the limit, the usage (the count `usageOf` gives,
 * which `GET features/usage` shows too) and how to raise it, in `locale` (the caller's
 * language, `ctx.locale`). `adding`: what the action adds to that count (0 when it turns
 * something already counted into another counted thing, as accepting an invitation does).
 */
export async function assertWithinLimit(
  db: Database,
  companyId: number,
  feature: FeatureSlug,
  locale: string | null | undefined,
  adding = 1,
): Promise<void> {
  if (!commerceSettings().limitsEnforced) return;
  await db.rows(sql`SELECT pg_advisory_xact_lock(hashtext(${`limit:${feature}`}), ${companyId})`);
  const plan = await currentPlan(db, companyId);
  const limit = plan.limits.has(feature) ? plan.limits.get(feature)! : 0;
  if (limit === null) return;
  // A soft limit (an overage price) on a paid subscription: beyond it is allowed and billed
  // when the period closes (overage.ts). Without a subscription there is no period to bill.
  if (plan.subscriptionId !== null && plan.overagePrices.get(feature) != null) return;
  const used = await usageOf(db, companyId, feature);
  if (used + adding <= limit) return;
  const reached = limitText(locale, feature, { limit });
  throw new AppError(409, 'limit_reached', limitText(locale, 'howToRaise', { reached, package: plan.packageName }), {
    [feature]: [limitText(locale, 'usage', { used, limit })],
  });
}
