import type { ExportCell, ExportColumn } from './export-columns';
import { formatWallDate, formatWallDateTime } from './export-time';

/**
 * CSV as French Excel opens it by double-click: UTF-8 with a BOM (else accents break),
 * `;` between fields (`,` is the decimal mark), decimal commas, JJ/MM/AAAA dates, CRLF
 * line ends and RFC 4180 quoting.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';

const NEEDS_QUOTES = /[;"\r\n]/;
// Text a spreadsheet would run as a formula (CSV injection); plain signed numbers such as
// "+237 699 00 00 00" or "-5" stay as they are.
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?[\d\s.,]+$/;

/** One field, quoted when it holds the separator, a quote or a line break. */
export function encodeCsvField(text: string): string {
  const safe = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A number with a decimal comma (no thousands separator, so it stays a number in Excel). */
export function formatCsvNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(n).replace('.', ',');
}

function formatCell(cell: ExportCell, column: ExportColumn): string {
  if (cell === null || cell === undefined || cell === '') return '';
  if (cell instanceof Date) return column.kind === 'date' ? formatWallDate(cell) : formatWallDateTime(cell);
  if (typeof cell === 'number') return formatCsvNumber(cell);
  if (typeof cell === 'object') return encodeCsvField(cell.hyperlink);
  return encodeCsvField(cell);
}

/** The header line (with the BOM in front, as the file's first bytes). */
export function encodeCsvHeader(columns: readonly ExportColumn[]): string {
  return CSV_BOM + columns.map((c) => encodeCsvField(c.header)).join(CSV_SEPARATOR) + CSV_LINE_END;
}

/** One record line. */
export function encodeCsvRow(cells: readonly ExportCell[], columns: readonly ExportColumn[]): string {
  let line = '';
  for (let i = 0; i < columns.length; i++) {
    if (i > 0) line += CSV_SEPARATOR;
    line += formatCell(cells[i] ?? null, columns[i]);
  }
  return line + CSV_LINE_END;
}
