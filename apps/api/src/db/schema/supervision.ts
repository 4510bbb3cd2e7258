import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';
import { users } from './identity';
import { participations, surveys } from './surveys';
import { agents, companies } from './tenancy';

const MONITOR_TARGET_KINDS = ['agent', 'group', 'site', 'workspace', 'audience'] as const;

/**
 * A supervision assignment: a supervisor agent evaluates one target (agent, group, site,
 * workspace, audience) with one evaluation survey, at a frequency. Inactive monitors
 * keep their reports but no longer collect new ones.
 */
export const monitors = pgTable(
  'monitors',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    survey_id: integer('survey_id').notNull().references(() => surveys.id, { onDelete: 'cascade' }),
    target_kind: text('target_kind', { enum: MONITOR_TARGET_KINDS }).notNull(),
    target_id: integer('target_id').notNull(),
    agent_id: integer('agent_id').notNull().references(() => agents.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: ['daily', 'weekly', 'monthly'] }).notNull().default('weekly'),
    status: text('status', { enum: ['active', 'inactive'] }).notNull().default('active'),
    note: text('note'),
    created_by: integer('created_by').references(() => agents.id, { onDelete: 'set null' }),
    ...timestamps,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('monitors_company_status_idx').on(t.company_id, t.status),
    index('monitors_agent_idx').on(t.agent_id),
    /** The monitors a submitted participation answers (survey, target). */
    index('monitors_survey_target_idx').on(t.survey_id, t.target_kind, t.target_id),
  ],
);

/** One visit or evaluation under a monitor: the participation, its score and a comment. */
export const reports = pgTable(
  'reports',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    monitor_id: integer('monitor_id').notNull().references(() => monitors.id, { onDelete: 'cascade' }),
    participation_id: integer('participation_id').notNull().references(() => participations.id, { onDelete: 'cascade' }),
    /** The supervisor who reported (the participation's agent). */
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    score: doublePrecision('score'),
    comment: text('comment'),
    ...timestamps,
    /** When its participation reached the server; `created_at` is when the visit was made (a late sync keeps its time). */
    received_at: timestamp('received_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reports_monitor_participation_unique').on(t.monitor_id, t.participation_id),
    index('reports_company_created_idx').on(t.company_id, t.created_at),
    index('reports_participation_idx').on(t.participation_id),
  ],
);

/**
 * The timeline of a company: one row per domain event (who, what, on which target,
 * when). Names are copied at the time of the event so the line still reads after the
 * agent or the target is renamed or removed.
 */
export const activities = pgTable(
  'activities',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    actor_name: text('actor_name'),
    target_kind: text('target_kind'),
    target_id: integer('target_id'),
    target_name: text('target_name'),
    subject_type: text('subject_type'),
    subject_id: integer('subject_id'),
    subject_name: text('subject_name'),
    /** The monitor the event belongs to (report, monitor changes): the monitor's timeline. */
    monitor_id: integer('monitor_id').references(() => monitors.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activities_company_created_idx').on(t.company_id, t.created_at, t.id),
    index('activities_company_kind_idx').on(t.company_id, t.kind, t.created_at),
    index('activities_company_agent_idx').on(t.company_id, t.agent_id, t.created_at),
    index('activities_company_target_idx').on(t.company_id, t.target_kind, t.target_id),
    index('activities_monitor_idx').on(t.monitor_id, t.created_at),
  ],
);
