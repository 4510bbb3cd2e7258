import { and, eq, sql } from 'drizzle-orm';
import { siteAgents, siteSurveys, surveys } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { notFound } from '../../../http/errors';
import { surveyQueryDef } from '../../surveys/surveys/surveys.query';
import { agentQueryDef } from '../../tenancy/agents/agents.query';
import { requirePermission } from '../../tenancy/companies/tenancy';
import { aliasColumn, listWithin } from '../scoped-list';
import { groupQueryDef, workspaceQueryDef } from '../structure.queries';
import { assertOwnAgent, assertOwnReference } from '../structure-guards';
import { sitesService } from './sites.service';
import { structureText } from '../structure.texts';

/** The site, or 404 (absent or another company's); needs sites.show. */
async function requireSite(ctx: RequestContext, siteId: number) {
  return sitesService.get(ctx, siteId);
}

/** Agents attached to a site, with the query object. */
export async function listSiteAgents(ctx: RequestContext, siteId: number, rawQuery: unknown) {
  await requireSite(ctx, siteId);
  requirePermission(ctx, 'agents.list');
  return listWithin(ctx, agentQueryDef, rawQuery, (a) =>
    sql`EXISTS (SELECT 1 FROM site_agents sa WHERE sa.site_id = ${siteId} AND sa.agent_id = ${aliasColumn(a, 'id')})`,
  );
}

/** Attaches an agent of the company to a site (idempotent). */
export async function addSiteAgent(ctx: RequestContext, siteId: number, agentId: number) {
  requirePermission(ctx, 'sites.update');
  await requireSite(ctx, siteId);
  await assertOwnAgent(ctx, agentId, 'agent_id');
  await ctx.db.orm.insert(siteAgents).values({ site_id: siteId, agent_id: agentId }).onConflictDoNothing();
  return { site_id: siteId, agent_id: agentId };
}

export async function removeSiteAgent(ctx: RequestContext, siteId: number, agentId: number) {
  requirePermission(ctx, 'sites.update');
  await requireSite(ctx, siteId);
  const removed = await ctx.db.orm
    .delete(siteAgents)
    .where(and(eq(siteAgents.site_id, siteId), eq(siteAgents.agent_id, agentId)))
    .returning({ agent_id: siteAgents.agent_id });
  if (removed.length === 0) throw notFound();
}

/** Groups attached to a site. */
export async function listSiteGroups(ctx: RequestContext, siteId: number, rawQuery: unknown) {
  await requireSite(ctx, siteId);
  requirePermission(ctx, 'groups.list');
  return listWithin(ctx, groupQueryDef, rawQuery, (g) => sql`${aliasColumn(g, 'site_id')} = ${siteId}`);
}

/** Workspaces inside a site. */
export async function listSiteWorkspaces(ctx: RequestContext, siteId: number, rawQuery: unknown) {
  await requireSite(ctx, siteId);
  requirePermission(ctx, 'workspaces.list');
  return listWithin(ctx, workspaceQueryDef, rawQuery, (w) => sql`${aliasColumn(w, 'site_id')} = ${siteId}`);
}

/** Surveys assigned to a site. */
export async function listSiteSurveys(ctx: RequestContext, siteId: number, rawQuery: unknown) {
  await requireSite(ctx, siteId);
  requirePermission(ctx, 'surveys.list');
  return listWithin(ctx, surveyQueryDef, rawQuery, (s) =>
    sql`EXISTS (SELECT 1 FROM site_surveys ss WHERE ss.site_id = ${siteId} AND ss.survey_id = ${aliasColumn(s, 'id')})`,
  );
}

/** Assigns a survey of the company to a site (idempotent). */
export async function addSiteSurvey(ctx: RequestContext, siteId: number, surveyId: number) {
  requirePermission(ctx, 'sites.update');
  await requireSite(ctx, siteId);
  await assertOwnReference(ctx, surveys, surveyId, 'survey_id', structureText(ctx.locale, 'surveyNotInCompany'));
  await ctx.db.orm.insert(siteSurveys).values({ site_id: siteId, survey_id: surveyId }).onConflictDoNothing();
  return { site_id: siteId, survey_id: surveyId };
}

export async function removeSiteSurvey(ctx: RequestContext, siteId: number, surveyId: number) {
  requirePermission(ctx, 'sites.update');
  await requireSite(ctx, siteId);
  const removed = await ctx.db.orm
    .delete(siteSurveys)
    .where(and(eq(siteSurveys.site_id, siteId), eq(siteSurveys.survey_id, surveyId)))
    .returning({ survey_id: siteSurveys.survey_id });
  if (removed.length === 0) throw notFound();
}

