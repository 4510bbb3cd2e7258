import type { RequestContext } from '../../../http/actor';
import { audit } from '../../administration/audit/audit';

type Row = Record<string, unknown>;

/** What the trail keeps of a default question: enough to tell what a new survey starts with. */
const TRACED = ['label', 'type', 'required', 'position', 'condition', 'default_for', 'state', 'help'] as const;

function snapshot(row: Row): Record<string, unknown> {
  return Object.fromEntries(TRACED.map((key) => [key, row[key] ?? null]));
}

/** A default question is one outside any survey, filed for a target kind (platform set: company null). */
export function isDefaultQuestion(row: { survey_id?: unknown; default_for?: unknown }): boolean {
  return row.survey_id == null && row.default_for != null;
}

/**
 * Runs a change of a default question (the platform's set or a company's) and writes its
 * audit entry in the same transaction: every company's new surveys start from these
 * questions, so who changed them and how must be traceable, and a change without its
 * trace must not commit. `change` gets the transaction's context; `before` is the row
 * before the change (null for a creation); the row it returns is the "after" (null for a
 * deletion). Action: `default_question.{verb}`.
 */
export async function auditedDefaultChange<T extends Row | null>(
  ctx: RequestContext,
  verb: 'create' | 'update' | 'delete' | 'duplicate' | 'state',
  before: Row | null,
  change: (txCtx: RequestContext) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const txCtx: RequestContext = { ...ctx, db: tx };
    const after = await change(txCtx);
    const subject = (after ?? before) as Row;
    await audit(
      txCtx,
      {
        action: `default_question.${verb}`,
        objectType: 'question',
        objectId: subject.id as number,
        companyId: (subject.company_id as number | null) ?? null,
        before: before ? snapshot(before) : null,
        after: after ? snapshot(after) : null,
      },
      tx,
    );
    return after;
  });
}
