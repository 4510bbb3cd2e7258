import type { RequestContext } from '../../../http/actor';
import { authorize } from '../../../http/authorize';
import { agentQueryDef } from '../../tenancy/agents/agents.query';
import { compileAudienceChain } from '../audience-rules/compile-rule';
import { listWithin } from '../scoped-list';
import { contactQueryDef } from '../structure.queries';
import { requireChain } from './audiences.service';

/** The people an audience reaches now, with the query object (search, sort, pages). */
export async function listAudienceMembers(ctx: RequestContext, id: number, rawQuery: unknown) {
  authorize(ctx.actor, 'permission', 'audiences', 'show');
  const { chain } = await requireChain(ctx, id);
  const def = chain.population === 'agents' ? agentQueryDef : contactQueryDef;
  return listWithin(ctx, def, rawQuery, (alias) => compileAudienceChain(chain.population, chain.levels, alias));
}
