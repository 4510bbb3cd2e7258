import { PAGE_SIZE_APPROVALS } from '@app/contracts';
import type { RequestContext } from '../../../http/actor';
import { withDbErrors } from '../../../http/db-errors';
import { conflict, notFound } from '../../../http/errors';
import { getOne, parseQueryObject, runListQuery } from '../../../http/query';
import { includesOf, requireCompany, requirePermission, seesAllCompanies, tenantQuery } from '../companies/tenancy';
import { approvalHandlerFor, approvalNotifierFor } from './approval-handlers';
import { findApproval, recordDecision } from './approvals.repository';
import { approvalQueryDef } from './approvals.query';
import type { ValidateApprovalInput } from './approvals.schemas';
import './join-request';
import { tenancyText } from '../tenancy.texts';

type Row = Record<string, unknown>;

/** The client reads `company` and `approvalable` on each approval (section 3). */
function present(row: Row): Row {
  const payload = (row.payload ?? {}) as Record<string, unknown>;
  return { ...row, approvalable: { type: row.approvalable_type, id: row.approvalable_id, ...payload } };
}

function withCompanyInclude(rawQuery: unknown): Record<string, unknown> {
  const query = (rawQuery && typeof rawQuery === 'object' ? { ...(rawQuery as Record<string, unknown>) } : {}) as Record<string, unknown>;
  const includes = Array.isArray(query.includes) ? query.includes : query.includes ? [query.includes] : [];
  if (!includes.some((i) => typeof i === 'string' && i.split(':')[0] === 'company')) includes.push('company');
  query.includes = includes;
  // Section 9: approvals are listed 10 a page unless the client asks otherwise.
  if (query.limit === undefined && query.start === undefined) query.limit = PAGE_SIZE_APPROVALS;
  return query;
}

/** Approvals of the active company, newest first, 10 a page (permission approvals.list). */
export async function listApprovals(ctx: RequestContext, rawQuery: unknown) {
  requirePermission(ctx, 'approvals.list');
  if (!seesAllCompanies(ctx.actor)) requireCompany(ctx);
  const { def, scope } = tenantQuery(ctx, approvalQueryDef);
  const result = await runListQuery(ctx.db, def, parseQueryObject(withCompanyInclude(rawQuery), def), scope);
  return { rows: result.rows.map(present), meta: result.meta };
}

export async function getApproval(ctx: RequestContext, id: number, rawQuery?: unknown): Promise<Row> {
  requirePermission(ctx, 'approvals.show');
  if (!seesAllCompanies(ctx.actor)) requireCompany(ctx);
  const { def, scope } = tenantQuery(ctx, approvalQueryDef);
  const includes = includesOf(withCompanyInclude(rawQuery), def);
  const row = await getOne(ctx.db, def, id, scope, includes);
  if (!row) throw notFound();
  return present(row);
}

/**
 * Approves or rejects a pending approval of the active company (permission
 * approvals.validate); the kind's handler applies the effect in the same transaction.
 */
export async function validateApproval(ctx: RequestContext, input: ValidateApprovalInput): Promise<Row> {
  const actor = requirePermission(ctx, 'approvals.validate');
  const companyId = seesAllCompanies(actor) ? null : requireCompany(ctx).companyId;
  const approval = await findApproval(ctx.db, companyId, input.id);
  if (!approval) throw notFound();
  if (approval.status !== 'pending') throw conflict(tenancyText(ctx.locale, 'requestDecided'), 'not_pending');
  const comment = input.comment ?? null;
  const decided = await withDbErrors(() =>
    ctx.db.transaction(async (tx) => {
      const handler = approvalHandlerFor(approval.approvalable_type);
      const effect = handler ? await handler(tx, { approval, action: input.action, comment, ctx }) : undefined;
      const decided = await recordDecision(tx, approval.id, {
        status: input.action === 'approve' ? 'approved' : 'rejected',
        decided_by: actor.agentId,
        comment,
        ...effect,
      });
      if (!decided) throw conflict(tenancyText(ctx.locale, 'requestDecided'), 'not_pending');
      return decided;
    }),
  );
  // A handler may add a membership or change one (a join request): rare, so everyone.
  await ctx.events.invalidateActors({ all: true });
  await approvalNotifierFor(approval.approvalable_type)?.(decided, ctx);
  return getApproval(ctx, approval.id);
}
