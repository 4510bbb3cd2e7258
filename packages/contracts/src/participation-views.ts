/**
 * Participations as the API shows them and the web app reads them: the record (lists,
 * detail), the view with canonical answers (resume by key, submission receipts) and the
 * labelled answers of `participations/{id}/results`. An anonymous survey's identity keys
 * come back null to other callers (DOMAIN.md "Anonymous surveys").
 */

export const PARTICIPATION_STATUSES = ['in_progress', 'submitted', 'checked', 'validated'] as const;
export type ParticipationStatus = (typeof PARTICIPATION_STATUSES)[number];

/**
 * The one French name of each state, on every screen and in every file (exports, PDF):
 * the web app's `kit.participationStatus` is this map in French and its translations.
 */
export const PARTICIPATION_STATUS_LABELS: Readonly<Record<ParticipationStatus, string>> = {
  in_progress: 'En cours',
  submitted: 'Envoyée',
  checked: 'Contrôlée',
  validated: 'Validée',
};

/** Checked or validated participations are final: no more contributors or contributions. */
export const REVIEWED_PARTICIPATION_STATUSES: readonly ParticipationStatus[] = ['checked', 'validated'];

export function participationAcceptsContributions(status: string): boolean {
  return !(REVIEWED_PARTICIPATION_STATUSES as readonly string[]).includes(status);
}

/** What "N°" shows for a participation: its number in its company (the id only for a row without one). */
export function participationNumber(p: { id: number; number?: number | null }): number {
  return p.number ?? p.id;
}

export interface ParticipationRecord {
  id: number;
  /** The participation's number in its company: what "N°" shows (the id is the platform's). */
  number?: number | null;
  /** Its number in its survey (1, 2, 3… per survey): the survey's participations panel. */
  survey_number?: number | null;
  survey_id: number;
  company_id?: number;
  user_id: number | null;
  agent_id: number | null;
  participant_id: number | null;
  target_kind?: string | null;
  target_id?: number | null;
  /** In the company's list: the target's name (null when it names nothing). */
  target_name?: string | null;
  status: ParticipationStatus;
  score: number | null;
  latitude: number | null;
  longitude: number | null;
  accuracy_m?: number | null;
  /** A field visit's position against the site's geofence (DOMAIN.md "Visits in the field"). */
  geofence_status?: 'inside' | 'outside' | 'unknown' | null;
  geofence_distance_m?: number | null;
  device_ref?: string | null;
  client_uuid?: string;
  ref: string | null;
  src: string | null;
  started_at: string;
  submitted_at: string | null;
  /** When the server received the submission (`submitted_at` is when it was made: a late sync keeps its time). */
  received_at?: string | null;
  checked_by: number | null;
  checked_at: string | null;
  validated_by: number | null;
  validated_at: string | null;
  created_at: string;
  updated_at?: string;
  /** Relations a list or detail may include (`includes`). */
  participant?: { id: number; name: string | null; phone: string | null; email: string | null } | null;
  user?: { id: number; name?: string | null; first_name?: string | null; last_name?: string | null; email?: string | null } | null;
  agent?: { id: number; first_name?: string | null; last_name?: string | null; name?: string | null } | null;
}

/** A participation with its answers as canonical values (what a respondent resumes from). */
export interface ParticipationView extends ParticipationRecord {
  company_id: number;
  target_kind: string | null;
  target_id: number | null;
  accuracy_m: number | null;
  device_ref: string | null;
  client_uuid: string;
  updated_at: string;
  answers: Array<{ question_id: number; contribution_id: number | null; value: unknown }>;
}

/** The file of a file, photo or signature answer; `url` is an API path. */
export interface AnswerMedia {
  id: number;
  mime: string;
  size: number;
  original_name: string | null;
  url: string;
}

/** One question of a participation with its answer, as `participations/{id}/results` gives it. */
export interface ParticipationAnswerResult {
  question_id: number;
  step_id: number | null;
  label: string;
  type: string;
  required: boolean;
  answered: boolean;
  value: unknown;
  /** The answer as French text: choice labels, Oui/Non, JJ/MM/AAAA, matrix rows... */
  display: string;
  contribution_id: number | null;
  media: AnswerMedia | null;
}

/** `GET participations/{id}/results`: the participation, its survey, every question's answer. */
export interface ParticipationResults {
  participation: ParticipationRecord & { survey: { id: number; code: string; title: string; type: string } };
  answers: ParticipationAnswerResult[];
}

/**
 * `GET contributions/participation/{id}`: what an invited contributor finds already given
 * in the participation, for the steps entrusted to them (all steps when `step_ids` is
 * empty). File answers carry the file's id and name, as the answering page keeps them.
 */
export interface ContributorStartView {
  participation_id: number;
  step_ids: number[];
  answers: Array<{ question_id: number; value: unknown; media: { id: number; name: string | null } | null }>;
}
