import { cellFormatterFor } from './answer-cells';
import type { ParticipationRecord } from './export-batch.repository';
import { type ExportCell, type ExportQuestion, PARTICIPATION_STATUS_LABELS, TARGET_KIND_LABELS } from './export-columns';
import type { WallClock } from './export-time';

/** "Agent : Awa Bello", or the kind and id when the target has no name to show. */
export function targetText(record: Pick<ParticipationRecord, 'target_kind' | 'target_id' | 'target_name'>): string | null {
  if (!record.target_kind) return null;
  const kind = TARGET_KIND_LABELS[record.target_kind] ?? record.target_kind;
  if (record.target_name) return `${kind} : ${record.target_name}`;
  return record.target_id === null ? kind : `${kind} n° ${record.target_id}`;
}

/** Turns each participation into its cells, in the order of buildColumns. */
export function createRowBuilder(questions: readonly ExportQuestion[], clock: WallClock, origin: string) {
  const formatters = questions.map((q) => cellFormatterFor(q, origin));
  return (record: ParticipationRecord): ExportCell[] => {
    const cells: ExportCell[] = [
      record.number ?? record.id,
      record.submitted_ms === null ? null : clock.toWallDate(record.submitted_ms),
      PARTICIPATION_STATUS_LABELS[record.status] ?? record.status,
      record.respondent,
      record.phone,
      record.email,
      targetText(record),
      record.latitude,
      record.longitude,
      record.score,
    ];
    for (let i = 0; i < formatters.length; i++) cells.push(formatters[i](record.answers[i]));
    return cells;
  };
}
