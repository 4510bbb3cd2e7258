import { MONITOR_TARGET_KINDS, type MonitorTargetKind } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { EventBus } from '../../../events/event-bus';
import { notify } from '../../messaging/notifications/notify';
import { respondentName } from '../../collection/participations/participation-events';
import { findTargetName } from '../monitors/monitor-targets';
import { evaluationRecipients } from './evaluation-recipients';
import { evaluationSentence } from './evaluation.texts';
import { participationText } from '../../collection/participations/participation.texts';
import { inEveryLocale } from '../../../delivery/message-texts';

export interface EvaluatedParticipation {
  id: number;
  company_id: number;
  survey_id: number;
  agent_id: number | null;
  user_id: number | null;
  participant_id: number | null;
  target_kind: string | null;
  target_id: number | null;
  score: number | null;
  anonymous: boolean;
  /** When it was made (the phone's time for a visit sent later) and when the server got it. */
  submitted_at: Date | null;
  received_at: Date | null;
}

export function isMonitorTargetKind(kind: string | null | undefined): kind is MonitorTargetKind {
  return (MONITOR_TARGET_KINDS as readonly string[]).includes(kind ?? '');
}

/** The participation with what the notice and the reports need, or null. */
export async function loadEvaluatedParticipation(db: Database, id: number): Promise<EvaluatedParticipation | null> {
  const [row] = await db.rows<EvaluatedParticipation>(sql`
    SELECT p.id, p.company_id, p.survey_id, p.agent_id, p.user_id, p.participant_id, p.target_kind, p.target_id, p.score,
           p.submitted_at, p.received_at,
           coalesce((s.settings->>'anonymous')::boolean, false) AS anonymous
      FROM participations p JOIN surveys s ON s.id = p.survey_id
     WHERE p.id = ${id} AND p.deleted_at IS NULL`);
  return row ?? null;
}

/** The evaluator's name as others see it (null for an anonymous survey or an answer nobody signed: "an anonymous participant" in each reader's language). */
export async function evaluatorName(db: Database, p: EvaluatedParticipation): Promise<string | null> {
  return p.anonymous ? null : respondentName(db, p);
}

/**
 * The toast card "X a évalué le site Y" (five variants by target kind): a notification
 * of kind `evaluation` for the target's owners and managers and the survey's author (the
 * one message each of them gets for it), whose "Consulter" opens the
 * participation (data.participation_id, data.survey_id).
 */
export async function announceEvaluation(deps: { db: Database; events: EventBus }, p: EvaluatedParticipation): Promise<void> {
  if (!isMonitorTargetKind(p.target_kind) || p.target_id === null) return;
  const targetName = await findTargetName(deps.db, p.company_id, p.target_kind, p.target_id);
  if (!targetName) return;
  const recipients = await evaluationRecipients(deps.db, p.company_id, { kind: p.target_kind, id: p.target_id }, p.agent_id, p.survey_id);
  if (recipients.length === 0) return;
  const name = await evaluatorName(deps.db, p);
  const kind = p.target_kind;
  await notify(deps, recipients, {
    kind: 'evaluation',
    title: inEveryLocale((l) => evaluationSentence(l, name, kind, targetName)),
    companyId: p.company_id,
    data: {
      participation_id: p.id,
      survey_id: p.survey_id,
      target: p.target_kind,
      target_kind: p.target_kind,
      target_id: p.target_id,
      target_name: targetName,
      // As before the title was stored per language: the French words for an anonymous evaluator.
      agent_name: name ?? participationText('fr', 'anonymousRespondent'),
      score: p.score,
    },
  });
}
