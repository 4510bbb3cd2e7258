import type { AudienceCondition, AudiencePopulation, AudienceRule } from '@app/contracts/structure';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The audience rule engine: a rule (zone, site, group, role, answered survey...) becomes
 * one SQL predicate over the population's table, so counting or listing the people of
 * an audience is one statement whatever its size. Audiences use it, and broadcasts reach
 * the same people through `audienceMembersSql`.
 *
 * `alias` names the population's row in the outer query (`agents` or `contacts`).
 * Every value is a bound parameter; field names come from a closed list.
 */
const col = (alias: string, column: string) => sql.raw(`"${alias}"."${column}"`);
const list = (values: ReadonlyArray<string | number>) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** The zones given and every zone under them (a region takes its districts and towns). */
function zoneAndBelow(ids: ReadonlyArray<string | number>): SQL {
  return sql`(WITH RECURSIVE below(id) AS (SELECT id FROM zones WHERE id IN (${list(ids)})
    UNION SELECT z.id FROM zones z JOIN below b ON z.parent_id = b.id) SELECT id FROM below)`;
}

function agentCondition(alias: string, c: AudienceCondition): SQL {
  const agentId = col(alias, 'id');
  switch (c.field) {
    case 'zone':
      return sql`EXISTS (SELECT 1 FROM site_agents sa JOIN sites s ON s.id = sa.site_id
        WHERE sa.agent_id = ${agentId} AND s.deleted_at IS NULL AND s.zone_id IN ${zoneAndBelow(c.values)})`;
    case 'site':
      return sql`EXISTS (SELECT 1 FROM site_agents sa WHERE sa.agent_id = ${agentId} AND sa.site_id IN (${list(c.values)}))`;
    case 'group':
      return sql`EXISTS (SELECT 1 FROM group_members gm JOIN groups g ON g.id = gm.group_id
        WHERE gm.agent_id = ${agentId} AND g.deleted_at IS NULL AND gm.group_id IN (${list(c.values)}))`;
    case 'role':
      return sql`EXISTS (SELECT 1 FROM agent_roles ar JOIN roles r ON r.id = ar.role_id
        WHERE ar.agent_id = ${agentId} AND r.slug IN (${list(c.values)}))`;
    case 'answered_survey':
      return sql`EXISTS (SELECT 1 FROM participations p WHERE p.company_id = ${col(alias, 'company_id')}
        AND p.survey_id IN (${list(c.values)}) AND p.status <> 'in_progress'
        AND (p.agent_id = ${agentId} OR p.user_id = ${col(alias, 'user_id')}))`;
    case 'status':
      return sql`${col(alias, 'status')} IN (${list(c.values)})`;
    default:
      throw new Error(`audience rule: ${c.field} does not apply to agents`);
  }
}

function contactCondition(alias: string, c: AudienceCondition): SQL {
  switch (c.field) {
    case 'zone':
      return sql`${col(alias, 'zone_id')} IN ${zoneAndBelow(c.values)}`;
    case 'organisation':
      return sql`lower(${col(alias, 'organisation')}) IN (${list(c.values.map((v) => String(v).toLowerCase()))})`;
    default:
      throw new Error(`audience rule: ${c.field} does not apply to contacts`);
  }
}

/** The predicate of a rule over one row of the population (checked beforehand). */
export function compileAudienceRule(population: AudiencePopulation, rule: AudienceRule, alias: string): SQL {
  const compileOne = population === 'agents' ? agentCondition : contactCondition;
  const parts = rule.conditions.map((c) => {
    const predicate = compileOne(alias, c);
    // NOT over a nullable comparison would drop rows whose column is null: coalesce.
    return c.operator === 'not_in' ? sql`NOT COALESCE((${predicate}), false)` : sql`(${predicate})`;
  });
  return sql.join(parts, rule.match === 'any' ? sql` OR ` : sql` AND `);
}

/** The population's table and the condition of belonging to the company. */
export function populationBase(population: AudiencePopulation, alias: string, companyId: number): { from: SQL; where: SQL } {
  const table = population === 'agents' ? 'agents' : 'contacts';
  return {
    from: sql.raw(`${table} "${alias}"`),
    where: sql`${col(alias, 'company_id')} = ${companyId} AND ${col(alias, 'deleted_at')} IS NULL`,
  };
}

/** One level of an audience chain: the whole population, a static list, or a rule. */
export interface AudienceLevel {
  id: number;
  mode: 'all' | 'static' | 'rule';
  rule: AudienceRule | null;
}

/** The predicate of an audience: every level of its chain (root first) must hold. */
export function compileAudienceChain(population: AudiencePopulation, chain: readonly AudienceLevel[], alias: string): SQL {
  const parts: SQL[] = [];
  for (const level of chain) {
    if (level.mode === 'static') {
      parts.push(sql`EXISTS (SELECT 1 FROM audience_members am WHERE am.audience_id = ${level.id} AND am.member_id = ${col(alias, 'id')})`);
    } else if (level.rule) {
      parts.push(sql`(${compileAudienceRule(population, level.rule, alias)})`);
    }
  }
  return parts.length > 0 ? sql.join(parts, sql` AND `) : sql`TRUE`;
}

/** `SELECT id FROM <population> WHERE <belongs to the audience>`: the ids of its members. */
export function audienceMembersSql(population: AudiencePopulation, chain: readonly AudienceLevel[], companyId: number): SQL {
  const alias = 'm';
  const base = populationBase(population, alias, companyId);
  return sql`SELECT ${col(alias, 'id')} AS id FROM ${base.from} WHERE ${base.where} AND ${compileAudienceChain(population, chain, alias)}`;
}
