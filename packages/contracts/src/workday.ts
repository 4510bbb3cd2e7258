/**
 * "Ma journée" (GET workday, API.md "Supervision"): everything a field agent needs to work
 * a whole day without a network, in one answer the phone keeps (IndexedDB): their active
 * monitors with each target's code, name and geofence and when the next visit is due, the
 * surveys they contribute to, the sites and workspaces of their groups, and the answering
 * definition of every survey named (steps, questions, choices, conditions, settings).
 */
import type { MonitorFrequency, MonitorTargetKind } from './supervision';

/** An evaluable object as the phone needs it offline: public code (QR), name, site and geofence. */
export interface WorkdayTarget {
  kind: string;
  id: number;
  name: string;
  code: string | null;
  site_name: string | null;
  /** The site's position and radius in metres; null when the site has no coordinates (nothing to check). */
  geofence: { latitude: number; longitude: number; radius_m: number } | null;
}

export interface WorkdayMonitor {
  id: number;
  survey_code: string;
  survey_title: string;
  target_kind: MonitorTargetKind;
  frequency: MonitorFrequency;
  target: WorkdayTarget;
  next_due_at: string;
  overdue: boolean;
  last_report_at: string | null;
}

export interface WorkdayContribution {
  survey_code: string;
  survey_title: string;
  /** The participation they help fill; null when invited to the survey itself. */
  participation_id: number | null;
}

export interface WorkdayView {
  /** When the server built it (the phone shows how fresh its copy is). */
  generated_at: string;
  company: { id: number; name: string };
  monitors: WorkdayMonitor[];
  contributions: WorkdayContribution[];
  /** Sites and workspaces of the agent's groups. */
  places: WorkdayTarget[];
  /** The answering definition of each survey above, by code (GET surveys/{code}/participate's answer). */
  surveys: Record<string, unknown>;
}

/** A report received at least this long after it was made is flagged "synchronisé plus tard". */
export const LATE_SYNC_MIN_S = 15 * 60;

/** Seconds between when a report was made and when it reached the server, when late enough to flag; else null. */
export function lateBySeconds(madeAt: Date | string, receivedAt: Date | string | null | undefined): number | null {
  if (!receivedAt) return null;
  const delay = Math.round((new Date(receivedAt).getTime() - new Date(madeAt).getTime()) / 1000);
  return Number.isFinite(delay) && delay >= LATE_SYNC_MIN_S ? delay : null;
}
