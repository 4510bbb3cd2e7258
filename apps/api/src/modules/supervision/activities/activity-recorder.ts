import { isActivityKind } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { DomainEvent } from '../../../events/event-bus';
import { agentName, findTargetName } from '../monitors/monitor-targets';

async function accountName(db: Database, userId: number | null | undefined): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.rows<{ name: string | null }>(sql`
    SELECT coalesce(nullif(trim(concat_ws(' ', first_name, last_name)), ''), email) AS name FROM users WHERE id = ${userId}`);
  return row?.name ?? null;
}

/** A monitor's target, when the event is about a monitor and names none. */
async function monitorTarget(db: Database, companyId: number, monitorId: number) {
  const [row] = await db.rows<{ kind: string; id: number }>(sql`
    SELECT target_kind AS kind, target_id AS id FROM monitors WHERE id = ${monitorId} AND company_id = ${companyId}`);
  return row ?? null;
}

/**
 * Whether the event is someone answering an anonymous survey (the submission says so in
 * its data, and names no agent or user): its line then names no one (DOMAIN.md
 * "Anonymous surveys"). Its author is stored empty, the data's `anonymous` the marker, and
 * each reader sees "an anonymous participant" in their own language (`activityAuthor`).
 * Those who check or validate it are the company's staff and stay named.
 */
function answeredAnonymously(event: DomainEvent): boolean {
  return event.kind === 'participation.submitted' && event.data?.anonymous === true;
}

/**
 * Writes one line of the company's timeline for a domain event of a kind the timeline
 * keeps (ACTIVITY_KIND_LABELS); other kinds are ignored. Names are copied now, so the
 * line still reads after a rename or a removal.
 */
export async function recordActivity(db: Database, event: DomainEvent): Promise<void> {
  if (!isActivityKind(event.kind)) return;
  const monitorId = event.monitorId ?? (event.subject?.type === 'monitors' ? event.subject.id : null);
  const target = event.target ?? (monitorId ? await monitorTarget(db, event.companyId, monitorId) : null);
  const targetName = target ? await findTargetName(db, event.companyId, target.kind, target.id) : null;
  const anonymous = answeredAnonymously(event);
  const agentId = anonymous ? null : (event.agentId ?? null);
  const userId = anonymous ? null : (event.userId ?? null);
  const actorName = anonymous ? null : ((await agentName(db, agentId)) ?? (await accountName(db, userId)));
  const subjectName = event.subject?.name ?? (event.subject?.type === 'monitors' ? targetName : null);
  // A visit made offline and sent later takes its place in the timeline when it was made
  // (its data keeps late_s, which the screens show as "synchronisé plus tard").
  const madeAt = typeof event.data?.made_at === 'string' && Number.isFinite(Date.parse(event.data.made_at)) ? event.data.made_at : null;
  await db.rows(sql`
    INSERT INTO activities (company_id, kind, agent_id, user_id, actor_name, target_kind, target_id, target_name,
                            subject_type, subject_id, subject_name, monitor_id, data, created_at)
    VALUES (${event.companyId}, ${event.kind}, ${agentId}, ${userId}, ${actorName},
            ${target?.kind ?? null}, ${target?.id ?? null}, ${targetName}, ${event.subject?.type ?? null}, ${event.subject?.id ?? null},
            ${subjectName}, ${monitorId}, ${JSON.stringify(event.data ?? {})}::jsonb, coalesce(${madeAt}::timestamptz, now()))`);
}
