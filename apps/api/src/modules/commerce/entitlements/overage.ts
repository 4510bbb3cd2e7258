import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { bills, features, packageFeatures } from '../../../db/schema';
import { FEATURE_SLUGS, type FeatureSlug } from './catalogue';
import { platformBillingText } from './platform-billing.texts';
import { heldOf } from './usage';

export interface ClosingPeriod {
  subscriptionId: number;
  companyId: number;
  packageId: number;
  startsAt: Date;
  endsAt: Date;
  period: 'month' | 'year';
  currency: string;
  /** The language its invoice and bill lines are written in (ownerLocale). */
  locale: string;
}

export interface OverageLine {
  feature: FeatureSlug;
  label: string;
  quantity: number;
  unitPrice: number;
  amount: number;
}

/** Participations received in the period: the only feature counted over time rather than held. */
async function participationsIn(db: Database, companyId: number, from: Date, to: Date): Promise<number> {
  const [row] = await db.rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM participations WHERE company_id = ${companyId} AND created_at >= ${from} AND created_at < ${to}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The overage of a period that ends (DOMAIN.md "Commerce", overage): for each feature of
 * the package with a limit and an overage price,
 * - held features (surveys, agents, articles, storage in MB): what the company holds when
 *   the period is closed, beyond the limit;
 * - participations (a limit per month): those received during the period, beyond the limit
 *   times the months of the period (1 or 12).
 * Each excess unit costs the overage price. Features without a price are hard limits (the
 * action was refused), so they have nothing to bill.
 */
export async function overageOf(db: Database, period: ClosingPeriod): Promise<OverageLine[]> {
  const priced = await db.orm
    .select({ slug: features.slug, limit: packageFeatures.limit_value, price: packageFeatures.overage_price })
    .from(packageFeatures)
    .innerJoin(features, eq(features.id, packageFeatures.feature_id))
    .where(and(eq(packageFeatures.package_id, period.packageId), isNotNull(packageFeatures.limit_value), isNotNull(packageFeatures.overage_price)));
  const lines: OverageLine[] = [];
  for (const row of priced) {
    if (!(FEATURE_SLUGS as readonly string[]).includes(row.slug)) continue;
    const feature = row.slug as FeatureSlug;
    const months = period.period === 'year' ? 12 : 1;
    const allowed = feature === 'participations' ? row.limit! * months : row.limit!;
    const used = feature === 'participations' ? await participationsIn(db, period.companyId, period.startsAt, period.endsAt) : await heldOf(db, period.companyId, feature);
    const quantity = used - allowed;
    if (quantity <= 0) continue;
    lines.push({ feature, label: platformBillingText(period.locale, 'overageLine', { feature: platformBillingText(period.locale, `feature.${feature}`), used, allowed }), quantity, unitPrice: row.price!, amount: quantity * row.price! });
  }
  return lines;
}

/** Writes the period's overage lines in bills, once per subscription and feature (unique index). */
export async function billOverage(tx: Database, period: ClosingPeriod, lines: OverageLine[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.orm
    .insert(bills)
    .values(
      lines.map((line) => ({
        company_id: period.companyId,
        kind: 'overage' as const,
        label: line.label,
        quantity: line.quantity,
        unit_price: line.unitPrice,
        amount: line.amount,
        currency: period.currency,
        period_start: period.startsAt,
        period_end: period.endsAt,
        subscription_id: period.subscriptionId,
        feature_slug: line.feature,
      })),
    )
    .onConflictDoNothing();
}
