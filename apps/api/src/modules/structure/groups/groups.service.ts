import type { CreateGroupInput, UpdateGroupInput } from '@app/contracts/structure';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { agents, groupMembers, groups, sites } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { authorize } from '../../../http/authorize';
import { createCrudService } from '../../../http/crud-service';
import { notFound, validationFailed } from '../../../http/errors';
import { agentQueryDef } from '../../tenancy/agents/agents.query';
import { requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import { aliasColumn, listWithin } from '../scoped-list';
import { groupQueryDef } from '../structure.queries';
import { assertOwnReference, structureCopyName } from '../structure-guards';
import { structureText } from '../structure.texts';

const assertSite = (ctx: RequestContext, id: number) =>
  assertOwnReference(ctx, sites, id, 'site_id', structureText(ctx.locale, 'siteNotInCompany'));

const base = createCrudService<CreateGroupInput, UpdateGroupInput>({
  def: groupQueryDef,
  table: groups,
  access: { list: 'permission', get: 'permission', create: 'permission', update: 'permission', delete: 'permission', duplicate: 'permission' },
  async prepareCreate(ctx, input) {
    requireCompany(ctx);
    if (input.site_id != null) await assertSite(ctx, input.site_id);
    return { name: input.name, description: input.description ?? null, site_id: input.site_id ?? null };
  },
  async prepareUpdate(ctx, input) {
    if (input.site_id != null) await assertSite(ctx, input.site_id);
    const keys = ['name', 'description', 'site_id'] as const;
    return Object.fromEntries(keys.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));
  },
  prepareDuplicate(ctx, existing) {
    return { name: structureCopyName(ctx, existing.name), description: existing.description, site_id: existing.site_id };
  },
});

/** Groups: teams of agents, optionally attached to a site. A copy keeps the members. */
export const groupsService: typeof base = {
  ...base,
  async duplicate(ctx, id) {
    const copy = await base.duplicate!(ctx, id);
    await ctx.db.rows(
      sql`INSERT INTO group_members (group_id, agent_id) SELECT ${copy.id}, agent_id FROM group_members WHERE group_id = ${id}`,
    );
    return copy;
  },
};

/** The members of a group, with the query object. */
export async function listGroupMembers(ctx: RequestContext, groupId: number, rawQuery: unknown) {
  await groupsService.get(ctx, groupId);
  requirePermission(ctx, 'agents.list');
  return listWithin(ctx, agentQueryDef, rawQuery, (a) =>
    sql`EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = ${groupId} AND gm.agent_id = ${aliasColumn(a, 'id')})`,
  );
}

/** Adds agents of the company to a group; already members stay as they are. */
export async function addGroupMembers(ctx: RequestContext, groupId: number, agentIds: number[]) {
  authorize(ctx.actor, 'permission', 'groups', 'update');
  await groupsService.get(ctx, groupId);
  const { companyId } = requireCompany(ctx);
  const unique = [...new Set(agentIds)];
  const own = await ctx.db.orm
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.company_id, companyId), inArray(agents.id, unique), sql`${agents.deleted_at} IS NULL`));
  if (own.length !== unique.length) throw validationFailed({ agent_ids: [structureText(ctx.locale, 'someAgentsNotInCompany')] });
  await ctx.db.orm
    .insert(groupMembers)
    .values(unique.map((agent_id) => ({ group_id: groupId, agent_id })))
    .onConflictDoNothing();
  return { group_id: groupId, agent_ids: unique };
}

export async function removeGroupMember(ctx: RequestContext, groupId: number, agentId: number) {
  authorize(ctx.actor, 'permission', 'groups', 'update');
  await groupsService.get(ctx, groupId);
  const removed = await ctx.db.orm
    .delete(groupMembers)
    .where(and(eq(groupMembers.group_id, groupId), eq(groupMembers.agent_id, agentId)))
    .returning({ agent_id: groupMembers.agent_id });
  if (removed.length === 0) throw notFound();
}
