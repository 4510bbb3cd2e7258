import type { Locale } from '@app/contracts';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, importHeader, importHeaderNames, type ImportKind, type ImportRowError, normalizeHeader } from '@app/contracts/structure';
import type { z } from 'zod';
import { validationFailed } from '../../../http/errors';
import { issueMessage } from '../../../http/validation-messages';
import { importRowText } from './import-rows.texts';
import type { TableRow } from './read-table';

/** Rows validated between two turns of the event loop. */
const ROWS_PER_TURN = 500;
/** Errors listed in a refusal; the count says how many more there were. */
export const MAX_REPORTED_ERRORS = 500;

export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Which cell holds each column, from the header row (its key or its header in any language). */
function mapHeader(kind: ImportKind, header: string[]): Map<string, number> {
  const positions = new Map<string, number>();
  const normalized = header.map(normalizeHeader);
  for (const column of IMPORT_COLUMNS[kind]) {
    const names = new Set(importHeaderNames(kind, column.key).map(normalizeHeader));
    const at = normalized.findIndex((h) => names.has(h));
    if (at !== -1) positions.set(column.key, at);
  }
  return positions;
}

/** A row's problem found by a module's own rule, on the column of `key`, already in the caller's language. */
export interface RowProblem {
  row: number;
  key: string;
  message: string;
}

/** A refusal of the whole file, on its `file` field. */
function fileRefused(message: string) {
  return validationFailed({ file: [message] }, message);
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
 * `checkRow` adds rules across rows (duplicates in the file, unknown site codes). Every
 * problem is told in `locale`, on the column's header in that language. Yields
 * to the event loop every ROWS_PER_TURN rows so that a 10,000-row file never holds it.
 */
export async function validateRows<T>(
  kind: ImportKind,
  table: AsyncIterable<TableRow>,
  schema: z.ZodType<T>,
  locale: Locale,
  checkRow: (value: T, row: number) => RowProblem[] = () => [],
): Promise<ValidationOutcome<T>> {
  const header = (key: string) => importHeader(kind, key, locale);
  const rows: ValidRow<T>[] = [];
  const errors: ImportRowError[] = [];
  let errorCount = 0;
  let positions: Map<string, number> | null = null;
  let seen = 0;
  const report = ({ row, key, message }: RowProblem) => {
    errorCount++;
    if (errors.length < MAX_REPORTED_ERRORS) errors.push({ row, column: header(key), message });
  };
  for await (const { row, cells } of table) {
    if (!positions) {
      positions = mapHeader(kind, cells);
      const missing = IMPORT_COLUMNS[kind].filter((c) => !positions!.has(c.key)).map((c) => importRowText(locale, 'quotedColumn', { column: header(c.key) }));
      if (missing.length > 0) throw fileRefused(importRowText(locale, 'missingColumns', { columns: missing.join(', ') }));
      continue;
    }
    if (++seen > IMPORT_MAX_ROWS) throw fileRefused(importRowText(locale, 'tooManyRows', { max: IMPORT_MAX_ROWS.toLocaleString(locale) }));
    const record = Object.fromEntries([...positions].map(([key, at]) => [key, cells[at] ?? '']));
    const parsed = schema.safeParse(record);
    if (parsed.success) {
      const problems = checkRow(parsed.data, row);
      if (problems.length === 0) rows.push({ row, value: parsed.data });
      else problems.forEach(report);
    } else {
      for (const issue of parsed.error.issues) {
        report({ row, key: String(issue.path[0] ?? ''), message: issueMessage(issue, locale) });
      }
    }
    if (seen % ROWS_PER_TURN === 0) await yieldToEventLoop();
  }
  if (!positions) throw fileRefused(importRowText(locale, 'noHeaderRow'));
  return { rows, errors, errorCount };
}
