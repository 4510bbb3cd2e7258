import { IMPORT_COLUMNS, type ImportKind } from '@app/contracts/structure';
import ExcelJS from 'exceljs';

/** Example rows of the sample files, in the order of IMPORT_COLUMNS. */
const EXAMPLES: Record<ImportKind, string[][]> = {
  agents: [
    ['Aïcha', 'Mbarga', 'aicha.mbarga@exemple.cm', '+237 690 00 00 01', 'Enquêtrice'],
    ['Jean-Paul', 'Nkoulou', '', '677000002', 'Superviseur'],
    ['Clarisse', 'Ewane', 'clarisse.ewane@exemple.cm', '', 'Caissière'],
  ],
  workspaces: [
    ['Guichet 1', 'GUI-01', 'CODESITE', 'counter'],
    ['Bureau du chef d’agence', 'BUR-01', 'CODESITE', 'desk'],
  ],
};

export const SAMPLE_NAMES: Record<ImportKind, string> = { agents: 'modele-import-agents', workspaces: 'modele-import-espaces' };

/** The sample file of an import: the French headers and a few example rows. */
export async function buildSample(kind: ImportKind, format: 'xlsx' | 'csv'): Promise<Buffer> {
  const headers = IMPORT_COLUMNS[kind].map((c) => c.header);
  if (format === 'csv') {
    const quote = (v: string) => (/[;"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    const lines = [headers, ...EXAMPLES[kind]].map((cells) => cells.map(quote).join(';'));
    return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(kind === 'agents' ? 'Agents' : 'Espaces de travail');
  sheet.addRow(headers).font = { bold: true };
  for (const row of EXAMPLES[kind]) sheet.addRow(row);
  // Phones stay text: Excel would otherwise drop a leading + or 0.
  sheet.columns.forEach((column) => {
    column.width = 24;
    column.numFmt = '@';
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
