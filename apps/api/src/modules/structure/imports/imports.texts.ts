import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * What an import of sites' workspaces or agents answers about the file as a whole, in the
 * caller's language (`ctx.locale`). The rows' problems and the sample's words are in
 * `import-rows.texts.ts`. French is the source; `imports.texts.unit.test.ts` checks the others.
 */
const fr = {
  rejected: "Le fichier n'a pas été importé : {{rows}} ligne(s) en erreur. Corrigez-les puis envoyez le fichier à nouveau.",
  rejectedFirstListed:
    "Le fichier n'a pas été importé : {{rows}} ligne(s) en erreur (les {{listed}} premières erreurs sont listées). Corrigez-les puis envoyez le fichier à nouveau.",
  unsupportedFormat: 'Format non pris en charge : envoyez un fichier Excel (.xlsx) ou CSV (.csv).',
  multipartRequired: 'Joignez un fichier (multipart/form-data, champ « file »).',
  fileMissing: 'Joignez un fichier.',
  fileEmpty: 'Le fichier est vide.',
  tooLarge: 'Le fichier dépasse {{mb}} Mo : découpez-le en plusieurs fichiers.',
  tooLargeField: 'Le fichier dépasse {{mb}} Mo.',
  xlsxUnreadable: 'Le fichier Excel est illisible ou endommagé.',
  csvMalformed: 'Le fichier CSV est mal formé.',
  csvMalformedField: 'Le fichier CSV est mal formé (guillemets non fermés ?).',
};
export type ImportText = keyof typeof fr;

const en: Record<ImportText, string> = {
  rejected: 'The file was not imported: {{rows}} row(s) with errors. Fix them, then send the file again.',
  rejectedFirstListed: 'The file was not imported: {{rows}} row(s) with errors (the first {{listed}} errors are listed). Fix them, then send the file again.',
  unsupportedFormat: 'Unsupported format: send an Excel (.xlsx) or CSV (.csv) file.',
  multipartRequired: 'Attach a file (multipart/form-data, field “file”).',
  fileMissing: 'Attach a file.',
  fileEmpty: 'The file is empty.',
  tooLarge: 'The file exceeds {{mb}} MB: split it into several files.',
  tooLargeField: 'The file exceeds {{mb}} MB.',
  xlsxUnreadable: 'The Excel file is unreadable or damaged.',
  csvMalformed: 'The CSV file is malformed.',
  csvMalformedField: 'The CSV file is malformed (unclosed quotes?).',
};
const de: Record<ImportText, string> = {
  rejected: 'Die Datei wurde nicht importiert: {{rows}} fehlerhafte Zeile(n). Korrigieren Sie sie und senden Sie die Datei erneut.',
  rejectedFirstListed:
    'Die Datei wurde nicht importiert: {{rows}} fehlerhafte Zeile(n) (die ersten {{listed}} Fehler sind aufgeführt). Korrigieren Sie sie und senden Sie die Datei erneut.',
  unsupportedFormat: 'Nicht unterstütztes Format: Senden Sie eine Excel- (.xlsx) oder CSV-Datei (.csv).',
  multipartRequired: 'Hängen Sie eine Datei an (multipart/form-data, Feld „file“).',
  fileMissing: 'Hängen Sie eine Datei an.',
  fileEmpty: 'Die Datei ist leer.',
  tooLarge: 'Die Datei überschreitet {{mb}} MB: Teilen Sie sie in mehrere Dateien auf.',
  tooLargeField: 'Die Datei überschreitet {{mb}} MB.',
  xlsxUnreadable: 'Die Excel-Datei ist unlesbar oder beschädigt.',
  csvMalformed: 'Die CSV-Datei ist fehlerhaft.',
  csvMalformedField: 'Die CSV-Datei ist fehlerhaft (nicht geschlossene Anführungszeichen?).',
};
const es: Record<ImportText, string> = {
  rejected: 'El archivo no se importó: {{rows}} fila(s) con errores. Corríjalas y envíe el archivo de nuevo.',
  rejectedFirstListed: 'El archivo no se importó: {{rows}} fila(s) con errores (se listan los primeros {{listed}} errores). Corríjalas y envíe el archivo de nuevo.',
  unsupportedFormat: 'Formato no admitido: envíe un archivo Excel (.xlsx) o CSV (.csv).',
  multipartRequired: 'Adjunte un archivo (multipart/form-data, campo «file»).',
  fileMissing: 'Adjunte un archivo.',
  fileEmpty: 'El archivo está vacío.',
  tooLarge: 'El archivo supera {{mb}} MB: divídalo en varios archivos.',
  tooLargeField: 'El archivo supera {{mb}} MB.',
  xlsxUnreadable: 'El archivo Excel es ilegible o está dañado.',
  csvMalformed: 'El archivo CSV está mal formado.',
  csvMalformedField: 'El archivo CSV está mal formado (¿comillas sin cerrar?).',
};
const esMX: Record<ImportText, string> = {
  ...es,
  rejected: 'El archivo no se importó: {{rows}} fila(s) con errores. Corrígelas y envía el archivo de nuevo.',
  rejectedFirstListed: 'El archivo no se importó: {{rows}} fila(s) con errores (se listan los primeros {{listed}} errores). Corrígelas y envía el archivo de nuevo.',
  unsupportedFormat: 'Formato no admitido: envía un archivo Excel (.xlsx) o CSV (.csv).',
  multipartRequired: 'Adjunta un archivo (multipart/form-data, campo «file»).',
  fileMissing: 'Adjunta un archivo.',
  tooLarge: 'El archivo supera {{mb}} MB: divídelo en varios archivos.',
};
const zhCN: Record<ImportText, string> = {
  rejected: '文件未导入：{{rows}} 行有错误。请更正后重新发送文件。',
  rejectedFirstListed: '文件未导入：{{rows}} 行有错误（仅列出前 {{listed}} 个错误）。请更正后重新发送文件。',
  unsupportedFormat: '不支持的格式：请发送 Excel（.xlsx）或 CSV（.csv）文件。',
  multipartRequired: '请附上文件（multipart/form-data，字段“file”）。',
  fileMissing: '请附上文件。',
  fileEmpty: '文件为空。',
  tooLarge: '文件超过 {{mb}} MB：请拆分为多个文件。',
  tooLargeField: '文件超过 {{mb}} MB。',
  xlsxUnreadable: 'Excel 文件无法读取或已损坏。',
  csvMalformed: 'CSV 文件格式错误。',
  csvMalformedField: 'CSV 文件格式错误（引号未闭合？）。',
};

export const IMPORT_TEXTS: MessageTexts<ImportText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };
export const importText = textsReader(IMPORT_TEXTS);
