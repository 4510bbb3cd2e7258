import type { Database } from '../../../db/client';
import type { RequestContext } from '../../../http/actor';
import type { ApprovalRow } from './approvals.repository';

export interface ApprovalDecision {
  approval: ApprovalRow;
  action: 'approve' | 'reject';
  comment: string | null;
  ctx: RequestContext;
}

/**
 * What deciding an approval does to its subject (creating the agent of a join request,
 * publishing a survey, ...). Runs inside the decision's transaction; what it returns is
 * stored on the approval (e.g. the agent a join request created).
 */
export type ApprovalHandler = (
  tx: Database,
  decision: ApprovalDecision,
) => Promise<Partial<Pick<ApprovalRow, 'agent_id' | 'approvalable_id'>> | undefined>;

const handlers = new Map<string, ApprovalHandler>();

/** Registers the effect of a kind of approval; modules call this once at import. */
export function registerApprovalHandler(type: string, handler: ApprovalHandler): void {
  handlers.set(type, handler);
}

export function approvalHandlerFor(type: string): ApprovalHandler | undefined {
  return handlers.get(type);
}

/** What to tell people once a decision is committed (live notices); never inside the transaction. */
export type ApprovalNotifier = (decided: ApprovalRow, ctx: RequestContext) => Promise<void>;

const notifiers = new Map<string, ApprovalNotifier>();

export function registerApprovalNotifier(type: string, notifier: ApprovalNotifier): void {
  notifiers.set(type, notifier);
}

export function approvalNotifierFor(type: string): ApprovalNotifier | undefined {
  return notifiers.get(type);
}
