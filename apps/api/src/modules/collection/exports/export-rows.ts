import { cellFormatterFor } from './answer-cells';
import type { ParticipationRecord } from './export-batch.repository';
import type { ExportCell, ExportQuestion } from './export-columns';
import type { WallClock } from './export-time';
import { type ExportWords, FRENCH_EXPORT_WORDS } from './export.texts';

/** "Agent : Awa Bello", or the kind and id when the target has no name to show. */
export function targetText(record: Pick<ParticipationRecord, 'target_kind' | 'target_id' | 'target_name'>, words: ExportWords = FRENCH_EXPORT_WORDS): string | null {
  if (!record.target_kind) return null;
  const kind = words.targetKind(record.target_kind);
  if (record.target_name) return words.text('named', { kind, name: record.target_name });
  return record.target_id === null ? kind : words.text('numbered', { kind, id: record.target_id });
}

/** Turns each participation into its cells, in the order of buildColumns. */
export function createRowBuilder(questions: readonly ExportQuestion[], clock: WallClock, origin: string, words: ExportWords = FRENCH_EXPORT_WORDS) {
  const formatters = questions.map((q) => cellFormatterFor(q, origin, words));
  return (record: ParticipationRecord): ExportCell[] => {
    const cells: ExportCell[] = [
      record.number ?? record.id,
      record.submitted_ms === null ? null : clock.toWallDate(record.submitted_ms),
      words.status(record.status),
      record.respondent,
      record.phone,
      record.email,
      targetText(record, words),
      record.latitude,
      record.longitude,
      record.score,
    ];
    for (let i = 0; i < formatters.length; i++) cells.push(formatters[i](record.answers[i]));
    return cells;
  };
}
