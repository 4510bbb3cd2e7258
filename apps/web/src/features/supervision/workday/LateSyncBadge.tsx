import { LATE_SYNC_MIN_S, lateBySeconds } from '@app/contracts/workday';
import { Badge, Tooltip } from '@mantine/core';
import { useWorkdayT } from './workday-i18n';

/** A delay as the badge says it: minutes under an hour, hours under two days, then days. */
export function delayParts(seconds: number): { unit: 'delayMinutes' | 'delayHours' | 'delayDays'; count: number } {
  if (seconds < 3600) return { unit: 'delayMinutes', count: Math.max(1, Math.round(seconds / 60)) };
  if (seconds < 48 * 3600) return { unit: 'delayHours', count: Math.round(seconds / 3600) };
  return { unit: 'delayDays', count: Math.round(seconds / 86_400) };
}

/**
 * "Synchronisé plus tard (+3 h)": a report or a timeline line made offline and received
 * later (issue 21). Its date stays the time it was made; this says how late it came.
 * Give `lateS` (the timeline's data.late_s) or the two dates (a report's created_at and received_at).
 */
export function LateSyncBadge({ lateS, madeAt, receivedAt }: { lateS?: unknown; madeAt?: string; receivedAt?: string | null }) {
  const t = useWorkdayT();
  const late = typeof lateS === 'number' ? (lateS >= LATE_SYNC_MIN_S ? lateS : null) : madeAt ? lateBySeconds(madeAt, receivedAt) : null;
  if (late === null) return null;
  const { unit, count } = delayParts(late);
  const delay = t(unit, { count });
  return (
    <Tooltip label={t('lateSyncHelp', { delay })}>
      <Badge size="xs" variant="light" color="grape" data-testid="late-sync">
        {t('lateSync', { delay })}
      </Badge>
    </Tooltip>
  );
}
