import { asc, eq } from 'drizzle-orm';
import { features, packageFeatures, packages, subscriptions } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { notFound } from '../../../http/errors';
import { isPlatformAdmin, requireActor, requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import { FEATURE_SLUGS, type FeatureSlug } from './catalogue';
import { currentPlan } from './limits';
import { pendingInvitationSeats, usageOf } from './usage';

export async function listFeatures(ctx: RequestContext) {
  requireActor(ctx);
  return ctx.db.orm.select().from(features).orderBy(asc(features.id));
}

export async function getFeature(ctx: RequestContext, id: number) {
  requireActor(ctx);
  const [row] = await ctx.db.orm.select().from(features).where(eq(features.id, id));
  if (!row) throw notFound();
  return row;
}

async function featuresOf(ctx: RequestContext, packageId: number) {
  return ctx.db.orm
    .select({
      feature_id: features.id,
      slug: features.slug,
      name: features.name,
      metric: features.metric,
      limit: packageFeatures.limit_value,
      overage_price: packageFeatures.overage_price,
    })
    .from(packageFeatures)
    .innerJoin(features, eq(features.id, packageFeatures.feature_id))
    .where(eq(packageFeatures.package_id, packageId))
    .orderBy(asc(features.id));
}

/** The active packages with their features and limits (null: unlimited); a platform admin also sees inactive ones. */
export async function listPackages(ctx: RequestContext) {
  const actor = requireActor(ctx);
  const rows = await ctx.db.orm
    .select()
    .from(packages)
    .where(isPlatformAdmin(actor) ? undefined : eq(packages.active, true))
    .orderBy(asc(packages.price), asc(packages.id));
  return Promise.all(rows.map(async (p) => ({ ...p, features: await featuresOf(ctx, p.id) })));
}

export async function getPackage(ctx: RequestContext, id: number) {
  const actor = requireActor(ctx);
  const [row] = await ctx.db.orm.select().from(packages).where(eq(packages.id, id));
  if (!row || (!row.active && !isPlatformAdmin(actor))) throw notFound();
  return { ...row, features: await featuresOf(ctx, row.id) };
}

/**
 * GET features/usage: the active company's package, subscription and each feature's use
 * against its limit, counted as the limit's check counts it; the agents' row also says how
 * many of its seats pending invitations hold.
 */
export async function companyUsage(ctx: RequestContext) {
  requirePermission(ctx, 'features.list');
  const { companyId } = requireCompany(ctx);
  const plan = await currentPlan(ctx.db, companyId);
  const names = new Map((await listFeatures(ctx)).map((f) => [f.slug, f.name]));
  const usage = await Promise.all(
    FEATURE_SLUGS.map(async (slug: FeatureSlug) => ({
      slug,
      name: names.get(slug) ?? slug,
      limit: plan.limits.has(slug) ? plan.limits.get(slug)! : 0,
      used: await usageOf(ctx.db, companyId, slug),
      ...(slug === 'agents' ? { pending_invitations: await pendingInvitationSeats(ctx.db, companyId) } : {}),
    })),
  );
  const history = await ctx.db.orm.select().from(subscriptions).where(eq(subscriptions.company_id, companyId)).orderBy(asc(subscriptions.id));
  return {
    package: { id: plan.packageId, name: plan.packageName, slug: plan.packageSlug },
    subscription_id: plan.subscriptionId,
    ends_at: plan.endsAt,
    /** The package is kept while its renewal invoice waits to be paid (grace period). */
    in_grace: plan.inGrace,
    usage,
    subscriptions: history,
  };
}
