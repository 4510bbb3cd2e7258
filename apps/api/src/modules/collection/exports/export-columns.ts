import { readQuestionSettings } from '@app/contracts';
import { PARTICIPATION_STATUS_LABELS as PARTICIPATION_STATUS_NAMES } from '@app/contracts/participation-views';

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

export const FIXED_COLUMNS: readonly ExportColumn[] = [
  { header: 'N°', kind: 'number', width: 9 },
  { header: 'Date de soumission', kind: 'datetime', width: 18 },
  { header: 'Statut', kind: 'text', width: 12 },
  { header: 'Répondant', kind: 'text', width: 24 },
  { header: 'Téléphone', kind: 'text', width: 16 },
  { header: 'E-mail', kind: 'text', width: 26 },
  { header: 'Cible', kind: 'text', width: 22 },
  { header: 'Latitude', kind: 'number', width: 11 },
  { header: 'Longitude', kind: 'number', width: 11 },
  { header: 'Score', kind: 'number', width: 8 },
];

/** A participation state's name in files: the one map of the contracts (every screen shows the same). */
export const PARTICIPATION_STATUS_LABELS: Readonly<Record<string, string>> = PARTICIPATION_STATUS_NAMES;

export const TARGET_KIND_LABELS: Record<string, string> = {
  agent: 'Agent',
  group: 'Groupe',
  site: 'Site',
  workspace: 'Espace de travail',
  audience: 'Audience',
  company: 'Entreprise',
};

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
export function buildColumns(questions: readonly ExportQuestion[]): ExportColumn[] {
  return [
    ...FIXED_COLUMNS,
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
