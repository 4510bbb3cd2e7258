import { Readable } from 'node:stream';
import { parse as parseCsv } from '@fast-csv/parse';
import ExcelJS from 'exceljs';
import { AppError, validationFailed } from '../../../http/errors';
import { importText } from './imports.texts';

/** One data row of an import file: its spreadsheet row number and its cells as text. */
export interface TableRow {
  row: number;
  cells: string[];
}

export type ImportFormat = 'xlsx' | 'csv';

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** The file's format from its content (a zip is xlsx) and name; 415 for anything else. */
export function detectFormat(buffer: Buffer, fileName: string, locale: string): ImportFormat {
  const isZip = XLSX_MAGIC.every((byte, i) => buffer[i] === byte);
  const lower = fileName.toLowerCase();
  if (isZip && lower.endsWith('.xlsx')) return 'xlsx';
  if (!isZip && (lower.endsWith('.csv') || lower.endsWith('.txt'))) {
    // A text file: no NUL bytes in its first kilobytes.
    if (!buffer.subarray(0, 4096).includes(0)) return 'csv';
  }
  const message = importText(locale, 'unsupportedFormat');
  throw new AppError(415, 'unsupported_media', message, { file: [message] });
}

/** A cell as people read it: hyperlinks and rich text by their text, formulas by their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
    if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  }
  return String(value).trim();
}

/** Rows of the first worksheet, read as a stream so that the event loop keeps turning. */
async function* readXlsx(buffer: Buffer, locale: string): AsyncGenerator<TableRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'emit',
  });
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelJS.CellValue[];
        // exceljs' row values are 1-based: index 0 is empty.
        yield { row: row.number, cells: values.slice(1).map(cellText) };
      }
      return;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw validationFailed({ file: [importText(locale, 'xlsxUnreadable')] }, importText(locale, 'xlsxUnreadable'));
  }
}

/** `;` (French spreadsheets) or `,`, whichever the header line uses more. */
function csvDelimiter(text: string): string {
  const header = text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n'));
  return (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
}

async function* readCsv(buffer: Buffer, locale: string): AsyncGenerator<TableRow> {
  let text = buffer.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const parser = Readable.from([text]).pipe(parseCsv({ delimiter: csvDelimiter(text), ignoreEmpty: false, trim: true }));
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      row++;
      yield { row, cells: cells.map((c) => c.trim()) };
    }
  } catch {
    throw validationFailed({ file: [importText(locale, 'csvMalformedField')] }, importText(locale, 'csvMalformed'));
  }
}

/** The rows of an import file, header included, blank rows left out; a broken file is refused in `locale`. */
export async function* readTable(buffer: Buffer, format: ImportFormat, locale: string): AsyncGenerator<TableRow> {
  const source = format === 'xlsx' ? readXlsx(buffer, locale) : readCsv(buffer, locale);
  for await (const row of source) {
    if (row.cells.some((cell) => cell !== '')) yield row;
  }
}
