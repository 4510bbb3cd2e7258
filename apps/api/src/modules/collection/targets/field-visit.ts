import { checkGeofence, type GeofenceStatus } from '@app/contracts/targets';
import type { SurveyTargetKind } from '@app/contracts/surveys';
import type { TargetRow } from './targets.repository';

/**
 * A field visit is an agent of the survey's company evaluating a site or a workspace of
 * a site (DOMAIN.md "Visits in the field"). Its position is checked against the site's
 * geofence and the outcome stored on the participation: outside (or no position) is
 * flagged for review, never refused. Anyone else's evaluation (a customer scanning a
 * counter's QR code) is not a visit: nothing is checked or stored.
 */
export function fieldVisitCheck(input: {
  agentId: number | null;
  kind: SurveyTargetKind | null | undefined;
  target: TargetRow | null;
  position: { latitude: number; longitude: number } | null | undefined;
}): { geofence_status: GeofenceStatus | null; geofence_distance_m: number | null } {
  const none = { geofence_status: null, geofence_distance_m: null };
  if (input.agentId === null || !input.target || (input.kind !== 'site' && input.kind !== 'workspace')) return none;
  const result = checkGeofence(input.target, input.position);
  return result ? { geofence_status: result.status, geofence_distance_m: result.distance_m } : none;
}
