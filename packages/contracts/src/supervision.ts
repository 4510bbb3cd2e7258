/**
 * Supervision (API.md "Supervision"): monitors (who evaluates which target with which
 * survey, how often), reports (one evaluation under a monitor) and the activity
 * timeline. Shared by the API's validation and the web forms.
 */
import { z } from 'zod';
import { recordIdSchema } from './ids';
import { FILTER_DAY_MAX_YEAR, FILTER_DAY_MIN_YEAR, isFilterDay } from './validation';

/** Section 3: monitor target types. */
export const MONITOR_TARGET_KINDS = ['agent', 'group', 'site', 'workspace', 'audience'] as const;
export type MonitorTargetKind = (typeof MONITOR_TARGET_KINDS)[number];

export const MONITOR_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type MonitorFrequency = (typeof MONITOR_FREQUENCIES)[number];

export const MONITOR_STATUSES = ['active', 'inactive'] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];

/** French names of the target kinds, with their article: "a évalué le site Agence Akwa". */
export const TARGET_KIND_PHRASES: Record<MonitorTargetKind, { label: string; the: string }> = {
  agent: { label: 'Agent', the: "l'agent" },
  group: { label: 'Groupe', the: 'le groupe' },
  site: { label: 'Site', the: 'le site' },
  workspace: { label: 'Espace de travail', the: "l'espace de travail" },
  audience: { label: 'Audience', the: "l'audience" },
};

export const MONITOR_FREQUENCY_LABELS: Record<MonitorFrequency, string> = {
  daily: 'Quotidienne',
  weekly: 'Hebdomadaire',
  monthly: 'Mensuelle',
};

const targetKindField = z.enum(MONITOR_TARGET_KINDS, { error: 'Le type de cible est agent, group, site, workspace ou audience.' });
const frequencyField = z.enum(MONITOR_FREQUENCIES, { error: 'La fréquence est daily, weekly ou monthly.' });
const noteField = z.string().trim().max(1000, 'La note fait au plus 1 000 caractères.').nullable().optional();

export const createMonitorBody = z.object({
  survey_id: recordIdSchema('Choisissez le formulaire d’évaluation.', 'Formulaire inconnu.'),
  target_kind: targetKindField,
  target_id: recordIdSchema('Choisissez la cible à superviser.', 'Cible inconnue.'),
  agent_id: recordIdSchema('Choisissez le superviseur.', 'Superviseur inconnu.'),
  frequency: frequencyField.default('weekly'),
  note: noteField,
});
export type CreateMonitorInput = z.output<typeof createMonitorBody>;

export const updateMonitorBody = z.object({
  survey_id: recordIdSchema('Choisissez le formulaire d’évaluation.', 'Formulaire inconnu.').optional(),
  target_kind: targetKindField.optional(),
  target_id: recordIdSchema('Choisissez la cible à superviser.', 'Cible inconnue.').optional(),
  agent_id: recordIdSchema('Choisissez le superviseur.', 'Superviseur inconnu.').optional(),
  frequency: frequencyField.optional(),
  note: noteField,
});
export type UpdateMonitorInput = z.output<typeof updateMonitorBody>;

/** POST monitors/{id}/changestate: without a body the state flips. */
export const monitorChangeStateBody = z
  .object({ status: z.enum(MONITOR_STATUSES, { error: 'Le statut est active ou inactive.' }).optional() })
  .nullish();

const commentField = z.string().trim().max(2000, 'Le commentaire fait au plus 2 000 caractères.').nullable().optional();

/** POST reports: a participation of the monitor's survey, on the monitor's target. */
export const createReportBody = z.object({
  monitor_id: recordIdSchema('Choisissez le moniteur.', 'Moniteur inconnu.'),
  participation_id: recordIdSchema('Choisissez la participation.', 'Participation inconnue.'),
  comment: commentField,
});
export type CreateReportInput = z.output<typeof createReportBody>;

export const updateReportBody = z.object({ comment: commentField });
export type UpdateReportInput = z.output<typeof updateReportBody>;

export interface MonitorView {
  id: number;
  company_id: number;
  survey_id: number;
  target_kind: MonitorTargetKind;
  target_id: number;
  agent_id: number;
  frequency: MonitorFrequency;
  status: MonitorStatus;
  note: string | null;
  created_at: string;
  updated_at: string;
  /** Names resolved by the server for lists and the conversation page. */
  target_name?: string | null;
  agent_name?: string | null;
  survey_title?: string | null;
  survey_code?: string | null;
  reports_count?: number;
  last_report_at?: string | null;
  average_score?: number | null;
  /** The next visit the frequency asks for; `overdue` once past while active. */
  next_due_at?: string;
  overdue?: boolean;
}

export interface ReportView {
  id: number;
  company_id: number;
  monitor_id: number;
  participation_id: number;
  agent_id: number | null;
  score: number | null;
  comment: string | null;
  /** When the visit was made (a report synced late keeps that time). */
  created_at: string;
  updated_at: string;
  /** When its participation reached the server; later than created_at by LATE_SYNC_MIN_S or more: "synchronisé plus tard". */
  received_at?: string | null;
  agent_name?: string | null;
  survey_id?: number | null;
}

/**
 * What the timeline records (DOMAIN.md "Activities"): the domain events of the services,
 * with their French label.
 */
export const ACTIVITY_KIND_LABELS = {
  'participation.submitted': 'Participation envoyée',
  'participation.checked': 'Participation contrôlée',
  'participation.validated': 'Participation validée',
  'participations.bulk_checked': 'Contrôle en masse',
  'participations.bulk_unchecked': 'Contrôle annulé en masse',
  'participations.bulk_validated': 'Validation en masse',
  'report.created': 'Rapport de supervision',
  'report.updated': 'Rapport modifié',
  'monitors.created': 'Supervision créée',
  'monitors.updated': 'Supervision modifiée',
  'monitors.activated': 'Supervision activée',
  'monitors.deactivated': 'Supervision désactivée',
  'monitors.deleted': 'Supervision supprimée',
  'sites.created': 'Site créé',
  'workspaces.created': 'Espace de travail créé',
  'groups.created': 'Groupe créé',
  'audiences.created': 'Audience créée',
  'surveys.created': 'Formulaire créé',
  'invitation.sent': 'Invitation envoyée',
  'broadcast.created': 'Diffusion publiée',
} as const;
export type ActivityKind = keyof typeof ACTIVITY_KIND_LABELS;
export const ACTIVITY_KINDS = Object.keys(ACTIVITY_KIND_LABELS) as ActivityKind[];

export function isActivityKind(kind: string): kind is ActivityKind {
  return Object.hasOwn(ACTIVITY_KIND_LABELS, kind);
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const dayField = (label: string) =>
  z
    .string()
    .regex(isoDay, `${label} s’écrit AAAA-MM-JJ.`)
    .refine(isFilterDay, `${label} n’est pas une date valide (années ${FILTER_DAY_MIN_YEAR} à ${FILTER_DAY_MAX_YEAR}).`)
    .optional();

/** GET activities and logs/export/xlsx: filters of the timeline. */
export const activityFilterQuery = z.object({
  from: dayField('La date de début'),
  to: dayField('La date de fin'),
  kind: z.enum(ACTIVITY_KINDS as [ActivityKind, ...ActivityKind[]], { error: "Ce type d'activité est inconnu." }).optional(),
  agent_id: z.coerce.number({ error: "L'agent est un identifiant." }).int("L'agent est un identifiant.").min(1, "L'agent est un identifiant.").max(2147483647, 'Agent inconnu.').optional(),
  target_kind: z.enum(MONITOR_TARGET_KINDS, { error: 'Le type de cible est agent, group, site, workspace ou audience.' }).optional(),
  target_id: z.coerce.number({ error: 'La cible est un identifiant.' }).int('La cible est un identifiant.').min(1, 'La cible est un identifiant.').max(2147483647, 'Cible inconnue.').optional(),
  monitor_id: z.coerce.number({ error: 'Le moniteur est un identifiant.' }).int('Le moniteur est un identifiant.').min(1, 'Le moniteur est un identifiant.').max(2147483647, 'Moniteur inconnu.').optional(),
  page: z.coerce.number({ error: 'La page doit être un nombre.' }).int('La page doit être un nombre entier.').min(1, 'La page commence à 1.').max(100000, 'La page est trop grande.').default(1),
  limit: z.coerce.number({ error: 'La limite doit être un nombre.' }).int('La limite doit être un nombre entier.').min(1, 'La limite est d’au moins 1.').max(100, 'La limite est de 100 au plus.').default(20),
});
export type ActivityFilter = z.output<typeof activityFilterQuery>;

export interface ActivityView {
  id: number;
  kind: ActivityKind;
  agent_id: number | null;
  user_id: number | null;
  actor_name: string | null;
  target_kind: string | null;
  target_id: number | null;
  target_name: string | null;
  subject_type: string | null;
  subject_id: number | null;
  subject_name: string | null;
  monitor_id: number | null;
  data: Record<string, unknown>;
  created_at: string;
}
