import { readQuestionSettings } from '@app/contracts';
import { type ExportWords, FRENCH_EXPORT_WORDS } from './export.texts';

/**
 * The columns of a participations export: fixed columns about the participation, then
 * one per question of the survey in answering order, headed by the question's label.
 */
export type ColumnKind = 'text' | 'number' | 'datetime' | 'date' | 'link';

export interface ExportColumn {
  header: string;
  kind: ColumnKind;
  /** Width in characters for xlsx. */
  width: number;
}

/** A cell: text, number, wall-clock Date (see export-time), a link, or empty. */
export type ExportCell = string | number | Date | { text: string; hyperlink: string } | null;

/** What formatting an answer needs to know about its question. */
export interface ExportQuestion {
  id: number;
  label: string;
  type: string;
  settings: Record<string, unknown>;
  condition: unknown;
  /** Asked today (question and step active); inactive ones may still hold past answers. */
  active: boolean;
  /** Choice labels by id, for choice types. */
  choices: Map<number, string>;
  /** Matrix row and column labels by id. */
  matrixRows: Map<string, string>;
  matrixColumns: Map<string, string>;
}

/** The columns before the questions, headed in the reader's words (export.texts). */
export function fixedColumns(words: ExportWords = FRENCH_EXPORT_WORDS): ExportColumn[] {
  return [
    { header: words.text('colNumber'), kind: 'number', width: 9 },
    { header: words.text('colSubmittedAt'), kind: 'datetime', width: 18 },
    { header: words.text('colStatus'), kind: 'text', width: 12 },
    { header: words.text('colRespondent'), kind: 'text', width: 24 },
    { header: words.text('colPhone'), kind: 'text', width: 16 },
    { header: words.text('colEmail'), kind: 'text', width: 26 },
    { header: words.text('colTarget'), kind: 'text', width: 22 },
    { header: words.text('colLatitude'), kind: 'number', width: 11 },
    { header: words.text('colLongitude'), kind: 'number', width: 11 },
    { header: words.text('colScore'), kind: 'number', width: 8 },
  ];
}

const NUMBER_TYPES = new Set(['number', 'rating', 'scale']);
const MEDIA_TYPES = new Set(['file', 'photo', 'signature']);

function kindOfQuestion(type: string): ColumnKind {
  if (NUMBER_TYPES.has(type)) return 'number';
  if (type === 'date') return 'date';
  if (MEDIA_TYPES.has(type)) return 'link';
  return 'text';
}

function widthOf(label: string, type: string): number {
  const wanted = type === 'long_text' || type === 'matrix' ? 40 : 18;
  return Math.min(60, Math.max(wanted, Math.ceil(label.length * 0.9)));
}

/** Column definitions: the fixed ones, then one per question. */
export function buildColumns(questions: readonly ExportQuestion[], words: ExportWords = FRENCH_EXPORT_WORDS): ExportColumn[] {
  return [
    ...fixedColumns(words),
    ...questions.map((q) => ({ header: q.label, kind: kindOfQuestion(q.type), width: widthOf(q.label, q.type) })),
  ];
}

/** Builds an ExportQuestion from a question row and its choices (in position order). */
export function toExportQuestion(
  row: { id: number; label: string; type: string; settings: Record<string, unknown> | null; condition: unknown; active?: boolean },
  choices: ReadonlyArray<{ id: number; label: string }>,
): ExportQuestion {
  const settings = row.settings ?? {};
  const matrixRows = new Map<string, string>();
  const matrixColumns = new Map<string, string>();
  if (row.type === 'matrix') {
    const matrix = readQuestionSettings('matrix', settings) as { rows?: { id: string; label: string }[]; columns?: { id: string; label: string }[] };
    for (const r of matrix.rows ?? []) matrixRows.set(r.id, r.label);
    for (const c of matrix.columns ?? []) matrixColumns.set(c.id, c.label);
  }
  return {
    id: row.id,
    label: row.label,
    type: row.type,
    settings,
    condition: row.condition,
    active: row.active ?? true,
    choices: new Map(choices.map((c) => [c.id, c.label])),
    matrixRows,
    matrixColumns,
  };
}
