import type { Locale } from '@app/contracts';
import { IMPORT_COLUMNS, importHeader, type ImportKind } from '@app/contracts/structure';
import ExcelJS from 'exceljs';
import { type ImportRowText, importRowText } from './import-rows.texts';

/** Example rows of the sample files, in the order of IMPORT_COLUMNS; `{ text }` is said in the file's language. */
type Cell = string | { text: ImportRowText };
const EXAMPLES: Record<ImportKind, Cell[][]> = {
  agents: [
    ['Aïcha', 'Mbarga', 'aicha.mbarga@exemple.cm', '+237 690 00 00 01', { text: 'surveyor' }],
    ['Jean-Paul', 'Nkoulou', '', '677000002', { text: 'supervisor' }],
    ['Clarisse', 'Ewane', 'clarisse.ewane@exemple.cm', '', { text: 'cashier' }],
  ],
  workspaces: [
    [{ text: 'counter' }, 'GUI-01', 'CODESITE', 'counter'],
    [{ text: 'managerDesk' }, 'BUR-01', 'CODESITE', 'desk'],
  ],
};

/** The sample file's name in `locale` (Content-Disposition through `attachmentHeader`). */
export function sampleFileName(kind: ImportKind, format: 'xlsx' | 'csv', locale: Locale): string {
  return `${importRowText(locale, kind === 'agents' ? 'agentsFile' : 'workspacesFile')}.${format}`;
}

/** The sample file of an import: the headers and a few example rows in `locale`. */
export async function buildSample(kind: ImportKind, format: 'xlsx' | 'csv', locale: Locale): Promise<Buffer> {
  const headers = IMPORT_COLUMNS[kind].map((c) => importHeader(kind, c.key, locale));
  const examples = EXAMPLES[kind].map((cells) => cells.map((cell) => (typeof cell === 'string' ? cell : importRowText(locale, cell.text))));
  if (format === 'csv') {
    const quote = (v: string) => (/[;"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    const lines = [headers, ...examples].map((cells) => cells.map(quote).join(';'));
    return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(importRowText(locale, kind === 'agents' ? 'agentsSheet' : 'workspacesSheet'));
  sheet.addRow(headers).font = { bold: true };
  for (const row of examples) sheet.addRow(row);
  // Phones stay text: Excel would otherwise drop a leading + or 0.
  sheet.columns.forEach((column) => {
    column.width = 24;
    column.numFmt = '@';
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
