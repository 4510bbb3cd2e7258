import { PREMIUM_TEMPLATES_FEATURE } from '@app/contracts/surveys';
import { and, asc, eq, isNull, ne, or } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { features, packageFeatures, packages } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { AppError } from '../../../http/errors';
import { templatesText } from './templates.texts';
import { currentPlan } from '../../commerce/entitlements/limits';

/** Whether the company's package in force includes the premium templates feature (a limit of 0 withholds it). */
export async function hasPremiumTemplates(db: Database, companyId: number): Promise<boolean> {
  const plan = await currentPlan(db, companyId);
  return plan.limits.has(PREMIUM_TEMPLATES_FEATURE) && plan.limits.get(PREMIUM_TEMPLATES_FEATURE) !== 0;
}

/** The active packages that include the feature, cheapest first: the upgrade a refusal names. */
export async function premiumPackages(db: Database): Promise<Array<{ id: number; name: string; slug: string }>> {
  return db.orm
    .select({ id: packages.id, name: packages.name, slug: packages.slug })
    .from(packages)
    .innerJoin(packageFeatures, eq(packageFeatures.package_id, packages.id))
    .innerJoin(features, eq(features.id, packageFeatures.feature_id))
    .where(
      and(
        eq(features.slug, PREMIUM_TEMPLATES_FEATURE),
        eq(packages.active, true),
        or(isNull(packageFeatures.limit_value), ne(packageFeatures.limit_value, 0)),
      ),
    )
    .orderBy(asc(packages.price), asc(packages.id));
}

/**
 * The rule of premium platform templates: a company whose package lacks the feature is
 * refused (403 `premium_required`), the message naming the packages that include it.
 * A company's own templates are never premium.
 */
export async function assertPremiumAllowed(
  { db, locale }: Pick<RequestContext, 'db' | 'locale'>,
  template: { premium: boolean; company_id: number | null },
  companyId: number,
): Promise<void> {
  if (!template.premium || template.company_id != null) return;
  if (await hasPremiumTemplates(db, companyId)) return;
  const offers = await premiumPackages(db);
  const names = offers.map((p) => templatesText(locale, 'packageName', { name: p.name })).join(templatesText(locale, 'or'));
  const upgrade = names ? templatesText(locale, 'upgradeTo', { names }) : templatesText(locale, 'noPremiumOffer');
  throw new AppError(403, 'premium_required', templatesText(locale, 'premiumRequired', { upgrade }), {
    packages: offers.map((p) => p.name),
  });
}
