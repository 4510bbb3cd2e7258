import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * What an import says about the rows of a file (the problems of a row, the header row)
 * and the words of its sample file, in the caller's language.
 * The rows' schema messages come from the schemas' table (`issueMessage`); the column
 * headers from `@app/contracts/structure` (`importHeader`). French is the source;
 * `import-rows.texts.unit.test.ts` checks the others.
 */
const fr = {
  rowProblem: '{{column}} : {{message}}',
  missingColumns: 'Colonnes manquantes : {{columns}}. Partez du fichier modèle.',
  quotedColumn: '« {{column}} »',
  tooManyRows: 'Le fichier dépasse {{max}} lignes : découpez-le en plusieurs fichiers.',
  noHeaderRow: 'Le fichier est vide : partez du fichier modèle.',
  emailTwice: 'Cette adresse e-mail figure déjà ligne {{first}}.',
  phoneTwice: 'Ce numéro figure déjà ligne {{first}}.',
  codeTwice: 'Ce code figure déjà ligne {{first}}.',
  unknownSite: "Aucun site de votre entreprise n'a le code {{code}}.",
  agentsSheet: 'Agents',
  workspacesSheet: 'Espaces de travail',
  /** The sample files' names (before .xlsx/.csv). */
  agentsFile: 'modele-import-agents',
  workspacesFile: 'modele-import-espaces',
  surveyor: 'Enquêtrice',
  supervisor: 'Superviseur',
  cashier: 'Caissière',
  counter: 'Guichet 1',
  managerDesk: 'Bureau du chef d’agence',
};
export type ImportRowText = keyof typeof fr;

const en: Record<ImportRowText, string> = {
  rowProblem: '{{column}}: {{message}}',
  missingColumns: 'Missing columns: {{columns}}. Start from the template file.',
  quotedColumn: '“{{column}}”',
  tooManyRows: 'The file has more than {{max}} rows: split it into several files.',
  noHeaderRow: 'The file is empty: start from the template file.',
  emailTwice: 'This e-mail address is already on row {{first}}.',
  phoneTwice: 'This number is already on row {{first}}.',
  codeTwice: 'This code is already on row {{first}}.',
  unknownSite: 'No site of your company has the code {{code}}.',
  agentsSheet: 'Agents',
  workspacesSheet: 'Workspaces',
  agentsFile: 'import-template-agents',
  workspacesFile: 'import-template-workspaces',
  surveyor: 'Surveyor',
  supervisor: 'Supervisor',
  cashier: 'Cashier',
  counter: 'Counter 1',
  managerDesk: 'Branch manager’s office',
};
const de: Record<ImportRowText, string> = {
  rowProblem: '{{column}}: {{message}}',
  missingColumns: 'Fehlende Spalten: {{columns}}. Gehen Sie von der Vorlagendatei aus.',
  quotedColumn: '„{{column}}“',
  tooManyRows: 'Die Datei hat mehr als {{max}} Zeilen: Teilen Sie sie in mehrere Dateien auf.',
  noHeaderRow: 'Die Datei ist leer: Gehen Sie von der Vorlagendatei aus.',
  emailTwice: 'Diese E-Mail-Adresse steht bereits in Zeile {{first}}.',
  phoneTwice: 'Diese Nummer steht bereits in Zeile {{first}}.',
  codeTwice: 'Dieser Code steht bereits in Zeile {{first}}.',
  unknownSite: 'Kein Standort Ihres Unternehmens hat den Code {{code}}.',
  agentsSheet: 'Mitarbeiter',
  workspacesSheet: 'Arbeitsplätze',
  agentsFile: 'importvorlage-mitarbeiter',
  workspacesFile: 'importvorlage-arbeitsplaetze',
  surveyor: 'Interviewerin',
  supervisor: 'Supervisor',
  cashier: 'Kassiererin',
  counter: 'Schalter 1',
  managerDesk: 'Büro der Filialleitung',
};
const es: Record<ImportRowText, string> = {
  rowProblem: '{{column}}: {{message}}',
  missingColumns: 'Faltan columnas: {{columns}}. Parta del archivo de plantilla.',
  quotedColumn: '«{{column}}»',
  tooManyRows: 'El archivo tiene más de {{max}} filas: divídalo en varios archivos.',
  noHeaderRow: 'El archivo está vacío: parta del archivo de plantilla.',
  emailTwice: 'Este correo electrónico ya figura en la fila {{first}}.',
  phoneTwice: 'Este número ya figura en la fila {{first}}.',
  codeTwice: 'Este código ya figura en la fila {{first}}.',
  unknownSite: 'Ningún sitio de su empresa tiene el código {{code}}.',
  agentsSheet: 'Agentes',
  workspacesSheet: 'Espacios de trabajo',
  agentsFile: 'plantilla-importacion-agentes',
  workspacesFile: 'plantilla-importacion-espacios',
  surveyor: 'Encuestadora',
  supervisor: 'Supervisor',
  cashier: 'Cajera',
  counter: 'Ventanilla 1',
  managerDesk: 'Oficina del jefe de agencia',
};
const esMX: Record<ImportRowText, string> = {
  ...es,
  missingColumns: 'Faltan columnas: {{columns}}. Parte del archivo de plantilla.',
  tooManyRows: 'El archivo tiene más de {{max}} filas: divídelo en varios archivos.',
  noHeaderRow: 'El archivo está vacío: parte del archivo de plantilla.',
  unknownSite: 'Ningún sitio de tu empresa tiene el código {{code}}.',
};
const zhCN: Record<ImportRowText, string> = {
  rowProblem: '{{column}}：{{message}}',
  missingColumns: '缺少列：{{columns}}。请从模板文件开始。',
  quotedColumn: '“{{column}}”',
  tooManyRows: '文件超过 {{max}} 行：请拆分为多个文件。',
  noHeaderRow: '文件为空：请从模板文件开始。',
  emailTwice: '该电子邮箱已出现在第 {{first}} 行。',
  phoneTwice: '该号码已出现在第 {{first}} 行。',
  codeTwice: '该代码已出现在第 {{first}} 行。',
  unknownSite: '贵企业没有代码为 {{code}} 的站点。',
  agentsSheet: '人员',
  workspacesSheet: '工作区',
  agentsFile: '人员导入模板',
  workspacesFile: '工作区导入模板',
  surveyor: '调查员',
  supervisor: '主管',
  cashier: '收银员',
  counter: '1 号窗口',
  managerDesk: '支行经理办公室',
};

export const IMPORT_ROW_TEXTS: MessageTexts<ImportRowText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };
export const importRowText = textsReader(IMPORT_ROW_TEXTS);
