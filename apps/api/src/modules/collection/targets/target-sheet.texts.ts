import { textsReader, type MessageTexts } from '../../../delivery/message-texts';

/** The words of the printable QR code sheet, in the language of the person who prints it (Accept-Language). */
const fr = {
  title: 'QR codes — {{kinds}}',
  titleAtSite: 'QR codes — {{kinds}} — {{site}}',
  header: '{{company}} — page {{page}}/{{count}} — {{date}}',
  code: 'Code : {{code}}',
  many_agent: 'Agents',
  many_group: 'Groupes',
  many_site: 'Sites',
  many_workspace: 'Espaces de travail',
  many_audience: 'Audiences',
  many_company: 'Entreprises',
};
export type TargetSheetText = keyof typeof fr;

const en: Record<TargetSheetText, string> = {
  title: 'QR code sheet — {{kinds}}',
  titleAtSite: 'QR code sheet — {{kinds}} — {{site}}',
  header: '{{company}} — page {{page}} of {{count}} — {{date}}',
  code: 'Code: {{code}}',
  many_agent: 'Agents',
  many_group: 'Groups',
  many_site: 'Sites',
  many_workspace: 'Workspaces',
  many_audience: 'Audiences',
  many_company: 'Companies',
};
const de: Record<TargetSheetText, string> = {
  title: 'QR-Codes — {{kinds}}',
  titleAtSite: 'QR-Codes — {{kinds}} — {{site}}',
  header: '{{company}} — Seite {{page}}/{{count}} — {{date}}',
  code: 'Code: {{code}}',
  many_agent: 'Agenten',
  many_group: 'Gruppen',
  many_site: 'Standorte',
  many_workspace: 'Arbeitsbereiche',
  many_audience: 'Zielgruppen',
  many_company: 'Unternehmen',
};
const es: Record<TargetSheetText, string> = {
  title: 'Códigos QR — {{kinds}}',
  titleAtSite: 'Códigos QR — {{kinds}} — {{site}}',
  header: '{{company}} — página {{page}}/{{count}} — {{date}}',
  code: 'Código: {{code}}',
  many_agent: 'Agentes',
  many_group: 'Grupos',
  many_site: 'Sitios',
  many_workspace: 'Espacios de trabajo',
  many_audience: 'Audiencias',
  many_company: 'Empresas',
};
const esMX: Record<TargetSheetText, string> = { ...es };
const zhCN: Record<TargetSheetText, string> = {
  title: '二维码 — {{kinds}}',
  titleAtSite: '二维码 — {{kinds}} — {{site}}',
  header: '{{company}} — 第 {{page}}/{{count}} 页 — {{date}}',
  code: '代码：{{code}}',
  many_agent: '调查员',
  many_group: '小组',
  many_site: '站点',
  many_workspace: '工作区',
  many_audience: '受众',
  many_company: '公司',
};

export const TARGET_SHEET_TEXTS: MessageTexts<TargetSheetText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };

export const targetSheetText = textsReader(TARGET_SHEET_TEXTS);
