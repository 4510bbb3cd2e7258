import {
  type AdminChildFilter,
  type AdminCompaniesFilter,
  type AdminCompanyChild,
  type AdminCompanyDetail,
  type AdminCompanyProfileInput,
  MEMBER_ROLE_SLUG,
  OWNER_ROLE_SLUG,
  type SurveyTargetKind,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../../http/actor';
import { withDbErrors } from '../../../http/db-errors';
import { conflict, notFound, validationFailed } from '../../../http/errors';
import { effectiveDefaultQuestions } from '../../surveys/surveys/default-questions';
import { periodEnd } from '../../commerce/entitlements/subscriptions';
import { assertCompanyReferences, findCompany, updateCompanyRow } from '../../tenancy/companies/companies.repository';
import { changeCompanyStatus } from '../../tenancy/companies/companies.service';
import { requireAdmin } from '../admin-guard';
import { audit } from '../audit/audit';
import { audited } from '../audit/audited';
import { CURRENT_PACKAGE, countAdminCompanies, listAdminCompanies } from './admin-companies.repository';
import { getCompanyChild, listCompanyChild } from './company-children.repository';
import { administrationText } from '../administration.texts';

/** A 422 on one field whose text is also the answer's message. */
const refusal = (field: string, text: string) => validationFailed({ [field]: [text] }, text);

/** mnt/companies: a page of companies with their counts and the total for the filter. */
export async function listCompaniesForAdmin(ctx: RequestContext, filter: AdminCompaniesFilter) {
  requireAdmin(ctx);
  const offset = filter.page * filter.limit;
  const [rows, total] = await Promise.all([listAdminCompanies(ctx.db, filter, filter.limit, offset), countAdminCompanies(ctx.db, filter)]);
  return { rows, meta: { limit: filter.limit, page: filter.page, start: offset, has_more: offset + rows.length < total, total } };
}

/** The company the admin opened, or 404 (unknown or deleted). */
async function requireCompanyRow(ctx: RequestContext, id: number) {
  const company = await findCompany(ctx.db, id);
  if (!company) throw notFound(administrationText(ctx.locale, 'companyNotFound'));
  return company;
}

/** mnt/companies/{id}: the profile, its counts, owner, package and the package's features. */
export async function getCompanyForAdmin(ctx: RequestContext, id: number): Promise<AdminCompanyDetail> {
  requireAdmin(ctx);
  const [row] = await ctx.db.rows<AdminCompanyDetail>(sql`
    SELECT c.id, c.name, c.code, c.email, c.phone, c.address, c.status, c.created_at, c.sector_id, se.name AS sector, c.category_id, ca.name AS category,
      c.zone_id AS town_id, z.name AS town, pk.id AS package_id, pk.name AS package,
      (SELECT count(*)::int FROM agents x WHERE x.company_id = c.id AND x.deleted_at IS NULL) AS agents,
      (SELECT count(*)::int FROM sites x WHERE x.company_id = c.id AND x.deleted_at IS NULL) AS sites,
      (SELECT count(*)::int FROM workspaces x WHERE x.company_id = c.id AND x.deleted_at IS NULL) AS workspaces,
      (SELECT count(*)::int FROM surveys x WHERE x.company_id = c.id AND x.deleted_at IS NULL AND NOT x.is_template) AS surveys,
      (SELECT count(*)::int FROM surveys x WHERE x.company_id = c.id AND x.deleted_at IS NULL AND x.is_template) AS templates,
      (SELECT count(*)::int FROM participations x WHERE x.company_id = c.id AND x.deleted_at IS NULL) AS participations,
      (SELECT count(*)::int FROM invoices x WHERE x.company_id = c.id) AS invoices,
      (SELECT count(*)::int FROM transactions x WHERE x.company_id = c.id) AS transactions,
      (SELECT jsonb_build_object('agent_id', a.id, 'user_id', u.id, 'name', trim(concat_ws(' ', u.first_name, u.last_name)), 'email', u.email)
         FROM agents a JOIN users u ON u.id = a.user_id JOIN agent_roles ar ON ar.agent_id = a.id JOIN roles r ON r.id = ar.role_id
         WHERE a.company_id = c.id AND a.deleted_at IS NULL AND r.company_id = c.id AND r.slug = ${OWNER_ROLE_SLUG}
         ORDER BY a.id LIMIT 1) AS owner,
      COALESCE((SELECT jsonb_agg(jsonb_build_object('id', f.id, 'slug', f.slug, 'name', f.name, 'limit', pf.limit_value, 'granted', pf.package_id IS NOT NULL,
           'company_grant', cg.company_id IS NOT NULL, 'company_limit', cg.limit_value) ORDER BY f.id)
         FROM features f LEFT JOIN package_features pf ON pf.feature_id = f.id AND pf.package_id = pk.id
         LEFT JOIN company_features cg ON cg.feature_id = f.id AND cg.company_id = c.id), '[]'::jsonb) AS features
    FROM companies c
    LEFT JOIN sectors se ON se.id = c.sector_id
    LEFT JOIN categories ca ON ca.id = c.category_id
    LEFT JOIN zones z ON z.id = c.zone_id
    ${CURRENT_PACKAGE}
    WHERE c.id = ${id} AND c.deleted_at IS NULL`);
  if (!row) throw notFound(administrationText(ctx.locale, 'companyNotFound'));
  return row;
}

/** A page of one of the company's lists (`type` narrows default questions to a target kind). */
export async function listChildForAdmin(ctx: RequestContext, companyId: number, child: AdminCompanyChild, filter: AdminChildFilter, type?: string) {
  requireAdmin(ctx);
  await requireCompanyRow(ctx, companyId);
  const rows = await listCompanyChild(ctx.db, companyId, child, filter, type);
  const hasMore = rows.length > filter.limit;
  return { rows: rows.slice(0, filter.limit), meta: { limit: filter.limit, page: filter.page, start: filter.page * filter.limit, has_more: hasMore } };
}

/** mnt/companies/{id}/default-questions/{type}: what the company's new evaluation of that kind starts with. */
export async function companyDefaultQuestions(ctx: RequestContext, companyId: number, kind: SurveyTargetKind) {
  requireAdmin(ctx);
  await requireCompanyRow(ctx, companyId);
  return effectiveDefaultQuestions(ctx.db, companyId, kind);
}

/** One row of a company's list; 404 when it belongs to another company. */
export async function getChildForAdmin(ctx: RequestContext, companyId: number, child: AdminCompanyChild, rowId: number) {
  requireAdmin(ctx);
  await requireCompanyRow(ctx, companyId);
  const row = await getCompanyChild(ctx.db, companyId, child, rowId);
  if (!row) throw notFound(administrationText(ctx.locale, 'childNotFound'));
  return row;
}

/**
 * Suspends or reactivates: the company's members are refused at their next request on
 * every process (the actor cache is invalidated through Redis when configured), its
 * public links answer that the company is unavailable; nothing is deleted.
 */
export async function setCompanyStatusForAdmin(ctx: RequestContext, id: number, status: 'active' | 'suspended', reason: string | null) {
  requireAdmin(ctx);
  await requireCompanyRow(ctx, id);
  // The tenancy module's change, audited (with the reason) in its transaction.
  await changeCompanyStatus(ctx, id, status, reason);
  return getCompanyForAdmin(ctx, id);
}

/** Corrects the company's profile; the trail keeps the fields before and after. */
export async function correctCompanyProfile(ctx: RequestContext, id: number, input: AdminCompanyProfileInput) {
  requireAdmin(ctx);
  const company = await requireCompanyRow(ctx, id);
  await assertCompanyReferences(ctx, input, id);
  const keys = Object.keys(input) as (keyof AdminCompanyProfileInput)[];
  const before = Object.fromEntries(keys.map((k) => [k, company[k] ?? null]));
  await audited(ctx, async (tx) => {
    await withDbErrors(() => updateCompanyRow(tx.db, id, input));
    await audit(tx, { action: 'company.profile', objectType: 'company', objectId: id, companyId: id, before, after: { ...input } });
  });
  return getCompanyForAdmin(ctx, id);
}

/**
 * Hands the owner role to another active member: the previous owners keep their
 * membership with the member role. Both agents' permissions change at once.
 */
export async function transferOwnership(ctx: RequestContext, id: number, agentId: number) {
  requireAdmin(ctx);
  await requireCompanyRow(ctx, id);
  const changed = await ctx.db.transaction(async (tx) => {
    const [target] = await tx.rows<{ id: number; status: string }>(sql`
      SELECT id, status FROM agents WHERE id = ${agentId} AND company_id = ${id} AND deleted_at IS NULL`);
    if (!target) throw refusal('agent_id', administrationText(ctx.locale, 'memberNotInCompany'));
    if (target.status !== 'active') throw refusal('agent_id', administrationText(ctx.locale, 'memberNotActive'));
    const [owner] = await tx.rows<{ id: number }>(sql`SELECT id FROM roles WHERE company_id = ${id} AND slug = ${OWNER_ROLE_SLUG}`);
    if (!owner) throw conflict(administrationText(ctx.locale, 'noOwnerRole'), 'no_owner_role');
    const previous = await tx.rows<{ agent_id: number }>(sql`
      DELETE FROM agent_roles WHERE role_id = ${owner.id} AND agent_id <> ${agentId} RETURNING agent_id`);
    if (previous.length === 0 && (await tx.rows(sql`SELECT 1 FROM agent_roles WHERE role_id = ${owner.id} AND agent_id = ${agentId}`)).length) {
      throw conflict(administrationText(ctx.locale, 'alreadyOwner'), 'already_owner');
    }
    await tx.rows(sql`INSERT INTO agent_roles (agent_id, role_id) VALUES (${agentId}, ${owner.id}) ON CONFLICT DO NOTHING`);
    await tx.rows(sql`
      INSERT INTO agent_roles (agent_id, role_id)
      SELECT p.id, r.id FROM unnest(${`{${previous.map((p) => p.agent_id).join(',')}}`}::int[]) AS p(id)
      JOIN roles r ON r.company_id = ${id} AND r.slug = ${MEMBER_ROLE_SLUG}
      ON CONFLICT DO NOTHING`);
    await audit(ctx, { action: 'company.owner.transfer', objectType: 'company', objectId: id, companyId: id, before: { owner_agent_ids: previous.map((p) => p.agent_id) }, after: { owner_agent_id: agentId } }, tx);
    return [agentId, ...previous.map((p) => p.agent_id)];
  });
  await ctx.events.invalidateActors(changed.map((agent) => ({ agentId: agent })));
  return getCompanyForAdmin(ctx, id);
}

/**
 * Puts the company on another package from now, offered by the platform (no invoice):
 * its active subscriptions are cancelled and a new one runs for the package's period.
 */
export async function changeCompanyPackage(ctx: RequestContext, id: number, packageId: number) {
  requireAdmin(ctx);
  await requireCompanyRow(ctx, id);
  await ctx.db.transaction(async (tx) => {
    const [pkg] = await tx.rows<{ id: number; name: string; period: 'month' | 'year'; active: boolean }>(sql`SELECT id, name, period, active FROM packages WHERE id = ${packageId}`);
    if (!pkg?.active) throw refusal('package_id', administrationText(ctx.locale, 'packageUnavailable'));
    const cancelled = await tx.rows<{ id: number; package_id: number }>(sql`
      UPDATE subscriptions SET status = 'cancelled', auto_renew = false, updated_at = now()
      WHERE company_id = ${id} AND status IN ('active', 'pending') RETURNING id, package_id`);
    const now = new Date();
    const [created] = await tx.rows<{ id: number }>(sql`
      INSERT INTO subscriptions (company_id, package_id, status, starts_at, ends_at, auto_renew)
      VALUES (${id}, ${pkg.id}, 'active', ${now.toISOString()}::timestamptz, ${periodEnd(now, pkg.period).toISOString()}::timestamptz, false) RETURNING id`);
    await audit(ctx, { action: 'company.package.change', objectType: 'subscription', objectId: created.id, companyId: id, before: { package_ids: cancelled.map((c) => c.package_id) }, after: { package_id: pkg.id, package: pkg.name } }, tx);
  });
  await ctx.events.invalidateActors({ companyId: id });
  return getCompanyForAdmin(ctx, id);
}

/**
 * Grants one feature to this company alone, on top of its package (`limit` null:
 * unlimited); granting it again changes the limit. The entitlement checks count it
 * (entitlements/limits.ts); the grant and its limit before are audited.
 */
export async function grantCompanyFeature(ctx: RequestContext, id: number, input: { feature_id: number; limit: number | null }) {
  requireAdmin(ctx);
  await requireCompanyRow(ctx, id);
  await ctx.db.transaction(async (tx) => {
    const [feature] = await tx.rows<{ id: number; slug: string }>(sql`SELECT id, slug FROM features WHERE id = ${input.feature_id}`);
    if (!feature) throw refusal('feature_id', administrationText(ctx.locale, 'featureNotFound'));
    const [before] = await tx.rows<{ limit: number | null }>(sql`SELECT limit_value AS "limit" FROM company_features WHERE company_id = ${id} AND feature_id = ${feature.id} FOR UPDATE`);
    await tx.rows(sql`
      INSERT INTO company_features (company_id, feature_id, limit_value, granted_by) VALUES (${id}, ${feature.id}, ${input.limit}, ${ctx.actor?.userId ?? null})
      ON CONFLICT (company_id, feature_id) DO UPDATE SET limit_value = EXCLUDED.limit_value, granted_by = EXCLUDED.granted_by, updated_at = now()`);
    await audit(
      ctx,
      { action: 'company.feature.grant', objectType: 'feature', objectId: feature.id, companyId: id, before: before ? { feature: feature.slug, limit: before.limit } : null, after: { feature: feature.slug, limit: input.limit } },
      tx,
    );
  });
  await ctx.events.invalidateActors({ companyId: id });
  return (await getCompanyForAdmin(ctx, id)).features;
}

/** Withdraws a feature granted to this company alone (its package's features stay); audited. 404 when it was not granted. */
export async function withdrawCompanyFeature(ctx: RequestContext, id: number, featureId: number) {
  requireAdmin(ctx);
  await requireCompanyRow(ctx, id);
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx.rows<{ slug: string; limit: number | null }>(sql`
      DELETE FROM company_features g USING features f WHERE g.company_id = ${id} AND g.feature_id = ${featureId} AND f.id = g.feature_id
      RETURNING f.slug, g.limit_value AS "limit"`);
    if (!removed) throw notFound(administrationText(ctx.locale, 'featureNotGranted'));
    await audit(ctx, { action: 'company.feature.withdraw', objectType: 'feature', objectId: featureId, companyId: id, before: { feature: removed.slug, limit: removed.limit }, after: null }, tx);
  });
  await ctx.events.invalidateActors({ companyId: id });
  return (await getCompanyForAdmin(ctx, id)).features;
}

/**
 * mnt/companies/{action}/bycustomer: the people who own companies (holders of a company's
 * owner role), each with the companies they own, the largest portfolios first.
 */
export async function companiesByOwner(ctx: RequestContext, filter: { q?: string; page: number; limit: number }) {
  requireAdmin(ctx);
  const offset = filter.page * filter.limit;
  const like = filter.q ? `%${filter.q.replace(/[\\%_]/g, '\\$&')}%` : null;
  const rows = await ctx.db.rows<{ user_id: number; name: string; email: string | null; companies: { id: number; name: string; code: string; status: string }[] }>(sql`
    SELECT u.id AS user_id, trim(concat_ws(' ', u.first_name, u.last_name)) AS name, u.email,
      jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name, 'code', c.code, 'status', c.status) ORDER BY lower(c.name)) AS companies
    FROM agents a
    JOIN users u ON u.id = a.user_id
    JOIN companies c ON c.id = a.company_id AND c.deleted_at IS NULL
    JOIN agent_roles ar ON ar.agent_id = a.id
    JOIN roles r ON r.id = ar.role_id AND r.company_id = c.id AND r.slug = ${OWNER_ROLE_SLUG}
    WHERE a.deleted_at IS NULL
      AND (${like}::text IS NULL OR concat_ws(' ', u.first_name, u.last_name, u.email, c.name, c.code) ILIKE ${like})
    GROUP BY u.id
    ORDER BY count(*) DESC, lower(trim(concat_ws(' ', u.first_name, u.last_name))), u.id
    LIMIT ${filter.limit + 1} OFFSET ${offset}`);
  return { rows: rows.slice(0, filter.limit), meta: { limit: filter.limit, page: filter.page, start: offset, has_more: rows.length > filter.limit } };
}
