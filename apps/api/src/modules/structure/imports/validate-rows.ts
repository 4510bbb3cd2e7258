import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, type ImportKind, type ImportRowError } from '@app/contracts/structure';
import type { z } from 'zod';
import { validationFailed } from '../../../http/errors';
import type { TableRow } from './read-table';

/** Rows validated between two turns of the event loop. */
const ROWS_PER_TURN = 500;
/** Errors listed in a refusal; the count says how many more there were. */
export const MAX_REPORTED_ERRORS = 500;

export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Lower case, no accents, no spaces or punctuation: "E-mail" and "email" match. */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Which cell holds each column, from the header row (French header or key). */
function mapHeader(kind: ImportKind, header: string[]): Map<string, number> {
  const positions = new Map<string, number>();
  const normalized = header.map(normalizeHeader);
  for (const column of IMPORT_COLUMNS[kind]) {
    const at = normalized.findIndex((h) => h === normalizeHeader(column.header) || h === normalizeHeader(column.key));
    if (at !== -1) positions.set(column.key, at);
  }
  return positions;
}

export interface ValidRow<T> {
  row: number;
  value: T;
}

export interface ValidationOutcome<T> {
  rows: ValidRow<T>[];
  errors: ImportRowError[];
  errorCount: number;
}

/**
 * Reads every row of the file and validates it with the contract's row schema.
 * `checkRow` adds rules across rows (duplicates in the file, unknown site codes). Yields
 * to the event loop every ROWS_PER_TURN rows so that a 10,000-row file never holds it.
 */
export async function validateRows<T>(
  kind: ImportKind,
  table: AsyncIterable<TableRow>,
  schema: z.ZodType<T>,
  checkRow: (value: T, row: number) => ImportRowError[] = () => [],
): Promise<ValidationOutcome<T>> {
  const headerOf = new Map(IMPORT_COLUMNS[kind].map((c) => [c.key, c.header]));
  const rows: ValidRow<T>[] = [];
  const errors: ImportRowError[] = [];
  let errorCount = 0;
  let positions: Map<string, number> | null = null;
  let seen = 0;
  const report = (error: ImportRowError) => {
    errorCount++;
    if (errors.length < MAX_REPORTED_ERRORS) errors.push(error);
  };
  for await (const { row, cells } of table) {
    if (!positions) {
      positions = mapHeader(kind, cells);
      const missing = IMPORT_COLUMNS[kind].filter((c) => !positions!.has(c.key)).map((c) => `« ${c.header} »`);
      if (missing.length > 0) {
        const message = `Colonnes manquantes : ${missing.join(', ')}. Partez du fichier modèle.`;
        throw validationFailed({ file: [message] }, message);
      }
      continue;
    }
    if (++seen > IMPORT_MAX_ROWS) {
      const message = `Le fichier dépasse ${IMPORT_MAX_ROWS.toLocaleString('fr-FR')} lignes : découpez-le en plusieurs fichiers.`;
      throw validationFailed({ file: [message] }, message);
    }
    const record = Object.fromEntries([...positions].map(([key, at]) => [key, cells[at] ?? '']));
    const parsed = schema.safeParse(record);
    if (parsed.success) {
      const problems = checkRow(parsed.data, row);
      if (problems.length === 0) rows.push({ row, value: parsed.data });
      else problems.forEach(report);
    } else {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        report({ row, column: headerOf.get(key) ?? key, message: issue.message });
      }
    }
    if (seen % ROWS_PER_TURN === 0) await yieldToEventLoop();
  }
  if (!positions) {
    const message = 'Le fichier est vide : partez du fichier modèle.';
    throw validationFailed({ file: [message] }, message);
  }
  return { rows, errors, errorCount };
}
