import { z } from 'zod';
import {
  type AudiencePopulation,
  type AudienceRule,
  type CreateAudienceInput,
  type CreateSubAudienceInput,
  checkAudienceRule,
  type SubAudienceMode,
  type UpdateAudienceInput,
} from '@app/contracts/structure';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { audienceMembers, audiences } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { authorize } from '../../../http/authorize';
import { createCrudService } from '../../../http/crud-service';
import { notFound, validationFailed } from '../../../http/errors';
import { requireCompany } from '../../tenancy/companies/tenancy';
import { audienceMembersSql } from '../audience-rules/compile-rule';
import { audienceQueryDef } from '../structure.queries';
import { structureCopyName } from '../structure-guards';
import { type AudienceChain, countAudience, loadAudienceChain, MAX_AUDIENCE_DEPTH } from './audience-chain';
import { structureText } from '../structure.texts';
import { audienceRuleMessage } from './audience-rules.texts';

type Row = Record<string, unknown>;

function assertRule(locale: string, population: AudiencePopulation, rule: AudienceRule | null | undefined) {
  if (!rule) return;
  const problem = checkAudienceRule(population, rule);
  if (problem) throw validationFailed({ rule: [audienceRuleMessage(locale, problem)] });
}

/** The caller's audience chain, or 404. */
export async function requireChain(ctx: RequestContext, id: number): Promise<{ companyId: number; chain: AudienceChain }> {
  const { companyId } = requireCompany(ctx);
  const chain = await loadAudienceChain(ctx.db, companyId, id);
  if (!chain) throw notFound();
  return { companyId, chain };
}

async function withCount(ctx: RequestContext, row: Row): Promise<Row> {
  const { companyId, chain } = await requireChain(ctx, row.id as number);
  return { ...row, member_count: await countAudience(ctx.db, companyId, chain) };
}

const base = createCrudService<CreateAudienceInput, UpdateAudienceInput>({
  def: audienceQueryDef,
  table: audiences,
  access: { list: 'permission', get: 'permission', create: 'permission', update: 'permission', delete: 'permission', duplicate: 'permission' },
  prepareCreate(ctx, input) {
    requireCompany(ctx);
    assertRule(ctx.locale, input.population, input.rule);
    return {
      name: input.name,
      description: input.description ?? null,
      population: input.population,
      mode: input.rule ? 'rule' : 'all',
      rule: input.rule ?? null,
    };
  },
  prepareUpdate(ctx, input, existing) {
    if (input.rule !== undefined && existing.mode === 'static') {
      throw validationFailed({ rule: [structureText(ctx.locale, 'staticListTakesNoRule')] });
    }
    assertRule(ctx.locale, existing.population as AudiencePopulation, input.rule);
    const values: Row = {};
    if (input.name !== undefined) values.name = input.name;
    if (input.description !== undefined) values.description = input.description;
    if (input.rule !== undefined) {
      if (input.rule === null && existing.parent_id != null) {
        throw validationFailed({ rule: [structureText(ctx.locale, 'ruleSubAudienceKeepsRule')] });
      }
      values.rule = input.rule;
      values.mode = input.rule ? 'rule' : 'all';
    }
    return values;
  },
  prepareDuplicate(ctx, existing) {
    return {
      name: structureCopyName(ctx, existing.name),
      description: existing.description,
      population: existing.population,
      parent_id: existing.parent_id,
      mode: existing.mode,
      rule: existing.rule,
    };
  },
});

/** Audiences and sub-audiences, each answered with its current member count. */
export const audiencesService: typeof base = {
  ...base,
  extraFields: { member_count: z.number().int().describe('Membres de l’audience (règle ou liste)') },
  async list(ctx, rawQuery) {
    const result = await base.list(ctx, rawQuery);
    const rows = [];
    for (const row of result.rows) rows.push(row.id == null ? row : await withCount(ctx, row));
    return { rows, meta: result.meta };
  },
  async get(ctx, id, rawQuery) {
    return withCount(ctx, await base.get(ctx, id, rawQuery));
  },
  async create(ctx, input) {
    return withCount(ctx, await base.create(ctx, input));
  },
  async update(ctx, id, input) {
    return withCount(ctx, await base.update(ctx, id, input));
  },
  /** Deleting an audience deletes its sub-audiences with it. */
  async remove(ctx, id) {
    await base.remove(ctx, id);
    await ctx.db.rows(sql`WITH RECURSIVE below(id) AS (SELECT id FROM audiences WHERE parent_id = ${id}
      UNION SELECT a.id FROM audiences a JOIN below b ON a.parent_id = b.id)
      UPDATE audiences SET deleted_at = now() WHERE id IN (SELECT id FROM below) AND deleted_at IS NULL`);
  },
  /** A copy with the same rule, or the same members for a static list. */
  async duplicate(ctx, id) {
    const copy = await base.duplicate!(ctx, id);
    await ctx.db.rows(
      sql`INSERT INTO audience_members (audience_id, member_id) SELECT ${copy.id}, member_id FROM audience_members WHERE audience_id = ${id}`,
    );
    return withCount(ctx, copy);
  },
};

/** Ids among `ids` that are members of the audience `chain`. */
async function membersAmong(ctx: RequestContext, companyId: number, chain: AudienceChain, ids: number[]): Promise<Set<number>> {
  const rows = await ctx.db.rows<{ id: number }>(
    sql`SELECT id FROM (${audienceMembersSql(chain.population, chain.levels, companyId)}) AS m WHERE id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** Static members must already belong to the parent audience. */
async function assertMembersOfParent(ctx: RequestContext, companyId: number, parent: AudienceChain, ids: number[]) {
  if (ids.length === 0) return;
  const inside = await membersAmong(ctx, companyId, parent, ids);
  if (inside.size !== new Set(ids).size) {
    throw validationFailed({ member_ids: [structureText(ctx.locale, 'notInParentAudience')] });
  }
}

/** Creates a sub-audience of `parentId` in `mode` (static list or rule). */
export async function createSubAudience(ctx: RequestContext, parentId: number, mode: SubAudienceMode, input: CreateSubAudienceInput) {
  authorize(ctx.actor, 'permission', 'audiences', 'create');
  const { companyId, chain } = await requireChain(ctx, parentId);
  if (chain.levels.length >= MAX_AUDIENCE_DEPTH) {
    throw validationFailed({ parent_id: [structureText(ctx.locale, 'subAudienceDepth', { max: MAX_AUDIENCE_DEPTH })] });
  }
  if (mode === 'rule') {
    if (!input.rule) throw validationFailed({ rule: [structureText(ctx.locale, 'ruleSubAudienceNeedsRule')] });
    assertRule(ctx.locale, chain.population, input.rule);
  }
  const memberIds = mode === 'static' ? [...new Set(input.member_ids ?? [])] : [];
  await assertMembersOfParent(ctx, companyId, chain, memberIds);
  const id = await ctx.db.transaction(async (tx) => {
    const [created] = await tx.orm
      .insert(audiences)
      .values({
        company_id: companyId,
        parent_id: parentId,
        name: input.name,
        description: input.description ?? null,
        population: chain.population,
        mode,
        rule: mode === 'rule' ? input.rule! : null,
      })
      .returning({ id: audiences.id });
    if (memberIds.length > 0) {
      await tx.orm.insert(audienceMembers).values(memberIds.map((member_id) => ({ audience_id: created.id, member_id })));
    }
    return created.id;
  });
  return audiencesService.get(ctx, id);
}

/** The sub-audiences of an audience (optionally of one mode), with their counts. */
export async function listSubAudiences(ctx: RequestContext, parentId: number, mode: SubAudienceMode | null, rawQuery: unknown) {
  await requireChain(ctx, parentId);
  const query = { ...(rawQuery as Row), filter_groups: [] as unknown[] };
  const filters: unknown[] = [{ key: 'parent_id', operator: 'eq', value: parentId }];
  if (mode) filters.push({ key: 'mode', operator: 'eq', value: mode });
  const extra = (rawQuery as { filter_groups?: unknown[] } | undefined)?.filter_groups ?? [];
  query.filter_groups = [...(Array.isArray(extra) ? extra : []), { filters }];
  return audiencesService.list(ctx, query);
}

/** Adds people to a static sub-audience. */
export async function addAudienceMembers(ctx: RequestContext, id: number, memberIds: number[]) {
  authorize(ctx.actor, 'permission', 'audiences', 'update');
  const { companyId, chain } = await requireChain(ctx, id);
  if (chain.levels.at(-1)!.mode !== 'static') {
    throw validationFailed({ member_ids: [structureText(ctx.locale, 'onlyStaticTakesMembers')] });
  }
  const parent: AudienceChain = { population: chain.population, levels: chain.levels.slice(0, -1) };
  const unique = [...new Set(memberIds)];
  await assertMembersOfParent(ctx, companyId, parent, unique);
  await ctx.db.orm
    .insert(audienceMembers)
    .values(unique.map((member_id) => ({ audience_id: id, member_id })))
    .onConflictDoNothing();
  return audiencesService.get(ctx, id);
}

export async function removeAudienceMember(ctx: RequestContext, id: number, memberId: number) {
  authorize(ctx.actor, 'permission', 'audiences', 'update');
  await requireChain(ctx, id);
  const removed = await ctx.db.orm
    .delete(audienceMembers)
    .where(and(eq(audienceMembers.audience_id, id), inArray(audienceMembers.member_id, [memberId])))
    .returning({ member_id: audienceMembers.member_id });
  if (removed.length === 0) throw notFound();
  return audiencesService.get(ctx, id);
}
