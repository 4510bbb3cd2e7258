import type { ParticipationRecord } from '@app/contracts/participation-views';

/**
 * What the validations list shows of a participation's target: its name and kind
 * ("Agence Akwa · Site"); the kind and number only when the target names nothing
 * (deleted since), a dash without a target.
 */
export function targetLabel(p: Pick<ParticipationRecord, 'target_kind' | 'target_id' | 'target_name'>, kindLabel: (kind: string) => string): string {
  if (!p.target_kind) return '—';
  if (p.target_name) return `${p.target_name} · ${kindLabel(p.target_kind)}`;
  return `${kindLabel(p.target_kind)} #${p.target_id}`;
}
