import type { FeatureUpdateInput, PackageCreateInput, PackageFeatureInput, PackageUpdateInput } from '@app/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { features, packageFeatures, packages } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { withDbErrors } from '../../../http/db-errors';
import { conflict, forbidden, notFound, validationFailed } from '../../../http/errors';
import { isPlatformAdmin, requireActor } from '../../tenancy/companies/tenancy';
import { getPackage } from './entitlements.service';
import { audit, pick } from '../../administration/audit/audit';
import { audited } from '../../administration/audit/audited';
import { commerceText } from '../commerce.texts';

/**
 * The platform admin's catalogue (mnt finances): features and packages are the
 * platform's, not a company's, so the rule is the role, not a company permission.
 */
function requirePlatformAdmin(ctx: RequestContext): void {
  if (!isPlatformAdmin(requireActor(ctx))) throw forbidden(commerceText(ctx.locale, 'platformAdminsOnly'));
}

export async function updateFeature(ctx: RequestContext, id: number, input: FeatureUpdateInput) {
  requirePlatformAdmin(ctx);
  // The change and its audit entry commit together; the row is locked so "before" is what changed.
  return audited(ctx, async (tx) => {
    const [before] = await tx.db.orm.select().from(features).where(eq(features.id, id)).for('update');
    if (!before) throw notFound();
    const [row] = await tx.db.orm
      .update(features)
      .set({ ...input, updated_at: new Date() })
      .where(eq(features.id, id))
      .returning();
    await audit(tx, { action: 'feature.update', objectType: 'feature', objectId: id, before: pick(before, Object.keys(input)), after: { ...input } });
    return row;
  });
}

/** Checks the features named exist, then replaces the package's bundle (limits and overage prices). */
async function replaceBundle(tx: Database, packageId: number, bundle: PackageFeatureInput[], locale: string) {
  const ids = bundle.map((f) => f.feature_id);
  const known = ids.length ? await tx.orm.select({ id: features.id }).from(features).where(inArray(features.id, ids)) : [];
  const knownIds = new Set(known.map((f) => f.id));
  const unknown = bundle.findIndex((f) => !knownIds.has(f.feature_id));
  if (unknown >= 0) throw validationFailed({ [`features.${unknown}.feature_id`]: [commerceText(locale, 'featureUnknown')] });
  await tx.orm.delete(packageFeatures).where(eq(packageFeatures.package_id, packageId));
  if (bundle.length === 0) return;
  await tx.orm.insert(packageFeatures).values(
    bundle.map((f) => ({
      package_id: packageId,
      feature_id: f.feature_id,
      limit_value: f.limit,
      // An unlimited feature has nothing to exceed.
      overage_price: f.limit === null ? null : (f.overage_price ?? null),
    })),
  );
}

export async function createPackage(ctx: RequestContext, input: PackageCreateInput) {
  requirePlatformAdmin(ctx);
  const { features: bundle, ...fields } = input;
  const [taken] = await ctx.db.orm.select({ id: packages.id }).from(packages).where(eq(packages.slug, fields.slug));
  if (taken) throw validationFailed({ slug: [commerceText(ctx.locale, 'packageSlugTaken')] });
  const id = await withDbErrors(() =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx.orm
        .insert(packages)
        .values({ ...fields, description: fields.description ?? null })
        .returning({ id: packages.id });
      await replaceBundle(tx, row.id, bundle, ctx.locale);
      await audit(ctx, { action: 'package.create', objectType: 'package', objectId: row.id, after: { ...input } }, tx);
      return row.id;
    }),
  );
  return getPackage(ctx, id);
}

/**
 * Changes a package. Limits apply at once to every company on it (the next check reads
 * them); a price or period applies from the next payment or renewal. The default package
 * cannot be deactivated nor priced: companies without a subscription are on it.
 */
export async function updatePackage(ctx: RequestContext, id: number, input: PackageUpdateInput) {
  requirePlatformAdmin(ctx);
  const [current] = await ctx.db.orm.select().from(packages).where(eq(packages.id, id));
  if (!current) throw notFound();
  if (current.is_default && input.active === false) throw conflict(commerceText(ctx.locale, 'defaultPackage'), 'default_package');
  if (current.is_default && input.price !== undefined && input.price > 0) {
    throw validationFailed({ price: [commerceText(ctx.locale, 'defaultPackageFree')] });
  }
  const { features: bundle, ...fields } = input;
  await withDbErrors(() =>
    ctx.db.transaction(async (tx) => {
      if (Object.keys(fields).length) await tx.orm.update(packages).set({ ...fields, updated_at: new Date() }).where(eq(packages.id, id));
      if (bundle) await replaceBundle(tx, id, bundle, ctx.locale);
      await audit(ctx, { action: 'package.update', objectType: 'package', objectId: id, before: pick(current, Object.keys(fields)), after: { ...input } }, tx);
    }),
  );
  return getPackage(ctx, id);
}
