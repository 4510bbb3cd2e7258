import type { CreateMonitorInput, UpdateMonitorInput } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../../http/actor';
import { validationFailed } from '../../../http/errors';
import { monitorRuleText } from './monitor-rules.texts';
import { findTargetName } from './monitor-targets';

type MonitorFields = Pick<CreateMonitorInput, 'survey_id' | 'target_kind' | 'target_id' | 'agent_id'>;

/**
 * The rules of a monitor, checked against the company: an evaluation survey of the
 * company, not anonymous, that evaluates this kind of target, a target of the company, an active agent
 * of the company as supervisor. All problems come back at once, each on its field, in
 * the caller's language.
 */
export async function checkMonitorFields(ctx: RequestContext, companyId: number, fields: MonitorFields): Promise<void> {
  const errors: Record<string, string[]> = {};
  const say = (key: Parameters<typeof monitorRuleText>[1]) => monitorRuleText(ctx.locale, key);
  const [survey] = await ctx.db.rows<{ type: string; target_kind: string | null; anonymous: boolean }>(sql`
    SELECT type, target_kind, coalesce((settings->>'anonymous')::boolean, false) AS anonymous
      FROM surveys WHERE id = ${fields.survey_id} AND company_id = ${companyId} AND deleted_at IS NULL`);
  if (!survey) errors.survey_id = [say('surveyNotInCompany')];
  else if (survey.type !== 'evaluation') errors.survey_id = [say('evaluationNeeded')];
  // A report names its supervisor: on an anonymous survey it would name the respondent.
  else if (survey.anonymous) errors.survey_id = [say('anonymousSurvey')];
  else if (survey.target_kind && survey.target_kind !== fields.target_kind) {
    errors.target_kind = [say('targetKindRefused')];
  }
  if (!(await findTargetName(ctx.db, companyId, fields.target_kind, fields.target_id))) {
    errors.target_id = [say('targetNotFound')];
  }
  const [agent] = await ctx.db.rows<{ id: number }>(sql`
    SELECT id FROM agents WHERE id = ${fields.agent_id} AND company_id = ${companyId} AND status = 'active' AND deleted_at IS NULL`);
  if (!agent) errors.agent_id = [say('supervisorNotActive')];
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/** The update merged over the stored monitor, so a partial change is checked whole. */
export function mergeMonitor(existing: Record<string, unknown>, input: UpdateMonitorInput): MonitorFields {
  return {
    survey_id: input.survey_id ?? (existing.survey_id as number),
    target_kind: input.target_kind ?? (existing.target_kind as MonitorFields['target_kind']),
    target_id: input.target_id ?? (existing.target_id as number),
    agent_id: input.agent_id ?? (existing.agent_id as number),
  };
}
