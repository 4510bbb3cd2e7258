import { Badge, Tooltip } from '@mantine/core';
import { useTargetsT } from './targets-i18n';

const COLORS = { inside: 'teal', outside: 'red', unknown: 'orange' } as const;

/**
 * Where a field visit was made against its site's geofence; outside and unknown stand
 * out for the reviewer. Nothing for participations that are no visit.
 */
export function GeofenceBadge({ status, distance }: { status?: string | null; distance?: number | null }) {
  const t = useTargetsT();
  if (status !== 'inside' && status !== 'outside' && status !== 'unknown') return null;
  const badge = (
    <Badge color={COLORS[status]} variant={status === 'inside' ? 'light' : 'filled'} size="sm" data-testid="geofence-badge" data-status={status}>
      {t(`geofence.${status}`)}
      {distance != null ? ` · ${Math.round(distance)} m` : ''}
    </Badge>
  );
  return distance != null ? <Tooltip label={t('geofence.distance', { distance: Math.round(distance) })}>{badge}</Tooltip> : badge;
}
