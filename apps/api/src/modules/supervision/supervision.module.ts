import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { DomainEvent } from '../../events/event-bus';
import { recordActivity } from './activities/activity-recorder';
import { activitiesRoutes } from './activities/activities.routes';
import { announceEvaluation, loadEvaluatedParticipation } from './evaluations/evaluation-notice';
import { monitorsRoutes } from './monitors/monitors.routes';
import { reportSubmittedParticipation } from './reports/reports-from-participation';
import { reportsRoutes } from './reports/reports.routes';
import { workdayRoutes } from './workday/workday.routes';

/**
 * What supervision does when a participation is submitted: the "a évalué" notice to the
 * target's owners and managers, then a report for each active monitor of the evaluator
 * on that survey and target.
 */
async function onParticipationSubmitted(app: FastifyInstance, event: DomainEvent, db: Database): Promise<void> {
  if (event.kind !== 'participation.submitted' || event.subject?.type !== 'participations' || !event.subject.id) return;
  // The notice and the reports are about an evaluated target: without one (most forms)
  // there is nothing to read.
  if (!event.target) return;
  const participation = await loadEvaluatedParticipation(db, event.subject.id);
  if (!participation || participation.company_id !== event.companyId) return;
  const deps = { db, events: app.events };
  await announceEvaluation(deps, participation);
  await reportSubmittedParticipation(deps, participation, event.userId ?? null);
}

/**
 * The supervision context (API.md "Supervision"): monitors, reports, activities. Its
 * listeners of domain events live as long as the app; a failure is logged, never
 * undoes the change that was told.
 */
export async function supervisionModule(app: FastifyInstance) {
  const root = app;
  const listen = (name: string, handle: (event: DomainEvent, db: Database) => Promise<void>) =>
    root.events.onDomainEvent(async (event, db) => {
      try {
        await handle(event, db ?? root.db);
      } catch (error) {
        root.log.error({ err: error, kind: event.kind, companyId: event.companyId }, `${name} failed on a domain event`);
      }
    });
  const stops = [listen('activity timeline', (event, db) => recordActivity(db, event)), listen('supervision', (event, db) => onParticipationSubmitted(root, event, db))];
  app.addHook('onClose', async () => {
    for (const stop of stops) stop();
  });
  await app.register(monitorsRoutes);
  await app.register(reportsRoutes);
  await app.register(activitiesRoutes);
  await app.register(workdayRoutes);
}
