import { type Locale, pickLocale } from '@app/contracts';
import type { MessageTexts } from '../../../delivery/message-texts';

/**
 * The words a participations export writes itself (fixed column headers, states,
 * target kinds, a deleted choice; yes/no come from answers/answer.texts), in the language of the person who asked for the file
 * (the request's Accept-Language, as every server message). Question and choice labels
 * stay as their author typed them. States use the web kit's names (`kit.participationStatus`).
 */
const fr = {
  colNumber: 'N°',
  colSubmittedAt: 'Date de soumission',
  colStatus: 'Statut',
  colRespondent: 'Répondant',
  colPhone: 'Téléphone',
  colEmail: 'E-mail',
  colTarget: 'Cible',
  colLatitude: 'Latitude',
  colLongitude: 'Longitude',
  colScore: 'Score',
  deletedChoice: 'Choix n° {{id}} (supprimé)',
  numbered: '{{kind}} n° {{id}}',
  named: '{{kind}} : {{name}}',
  status_in_progress: 'En cours',
  status_submitted: 'Envoyée',
  status_checked: 'Contrôlée',
  status_validated: 'Validée',
  target_agent: 'Agent',
  target_group: 'Groupe',
  target_site: 'Site',
  target_workspace: 'Espace de travail',
  target_audience: 'Audience',
  target_company: 'Entreprise',
};
export type ExportText = keyof typeof fr;

const en: Record<ExportText, string> = {
  colNumber: 'No.',
  colSubmittedAt: 'Submission date',
  colStatus: 'Status',
  colRespondent: 'Respondent',
  colPhone: 'Phone',
  colEmail: 'Email',
  colTarget: 'Target',
  colLatitude: 'Latitude',
  colLongitude: 'Longitude',
  colScore: 'Score',
  deletedChoice: 'Choice no. {{id}} (deleted)',
  numbered: '{{kind}} no. {{id}}',
  named: '{{kind}}: {{name}}',
  status_in_progress: 'In progress',
  status_submitted: 'Sent',
  status_checked: 'Checked',
  status_validated: 'Validated',
  target_agent: 'Agent',
  target_group: 'Group',
  target_site: 'Site',
  target_workspace: 'Workspace',
  target_audience: 'Audience',
  target_company: 'Company',
};
const de: Record<ExportText, string> = {
  colNumber: 'Nr.',
  colSubmittedAt: 'Übermittlungsdatum',
  colStatus: 'Status',
  colRespondent: 'Befragte Person',
  colPhone: 'Telefon',
  colEmail: 'E-Mail',
  colTarget: 'Ziel',
  colLatitude: 'Breitengrad',
  colLongitude: 'Längengrad',
  colScore: 'Punktzahl',
  deletedChoice: 'Auswahl Nr. {{id}} (gelöscht)',
  numbered: '{{kind}} Nr. {{id}}',
  named: '{{kind}}: {{name}}',
  status_in_progress: 'In Bearbeitung',
  status_submitted: 'Gesendet',
  status_checked: 'Geprüft',
  status_validated: 'Validiert',
  target_agent: 'Agent',
  target_group: 'Gruppe',
  target_site: 'Standort',
  target_workspace: 'Arbeitsbereich',
  target_audience: 'Zielgruppe',
  target_company: 'Unternehmen',
};
const es: Record<ExportText, string> = {
  colNumber: 'N.º',
  colSubmittedAt: 'Fecha de envío',
  colStatus: 'Estado',
  colRespondent: 'Encuestado',
  colPhone: 'Teléfono',
  colEmail: 'Correo electrónico',
  colTarget: 'Destino',
  colLatitude: 'Latitud',
  colLongitude: 'Longitud',
  colScore: 'Puntuación',
  deletedChoice: 'Opción n.º {{id}} (eliminada)',
  numbered: '{{kind}} n.º {{id}}',
  named: '{{kind}}: {{name}}',
  status_in_progress: 'En curso',
  status_submitted: 'Enviada',
  status_checked: 'Revisada',
  status_validated: 'Validada',
  target_agent: 'Agente',
  target_group: 'Grupo',
  target_site: 'Sitio',
  target_workspace: 'Espacio de trabajo',
  target_audience: 'Audiencia',
  target_company: 'Empresa',
};
const esMX: Record<ExportText, string> = { ...es, colScore: 'Puntaje', target_site: 'Sitio' };
const zhCN: Record<ExportText, string> = {
  colNumber: '编号',
  colSubmittedAt: '提交日期',
  colStatus: '状态',
  colRespondent: '受访者',
  colPhone: '电话',
  colEmail: '电子邮件',
  colTarget: '对象',
  colLatitude: '纬度',
  colLongitude: '经度',
  colScore: '得分',
  deletedChoice: '选项 {{id}}（已删除）',
  numbered: '{{kind}} {{id}}',
  named: '{{kind}}：{{name}}',
  status_in_progress: '进行中',
  status_submitted: '已发送',
  status_checked: '已检查',
  status_validated: '已验证',
  target_agent: '调查员',
  target_group: '小组',
  target_site: '站点',
  target_workspace: '工作区',
  target_audience: '受众',
  target_company: '公司',
};

export const EXPORT_TEXTS: MessageTexts<ExportText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };

/** The export words of one language, `{{name}}` filled by `fill`. */
export interface ExportWords {
  locale: Locale;
  text(key: ExportText, values?: Record<string, string | number>): string;
  /** A state's or a target kind's name; the raw code for one this file does not know. */
  status(code: string): string;
  targetKind(code: string): string;
}

export function exportWords(locale: string | null | undefined): ExportWords {
  const lang = pickLocale(locale);
  const texts = EXPORT_TEXTS[lang];
  const text = (key: ExportText, values: Record<string, string | number> = {}) =>
    texts[key].replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  const lookup = (prefix: string, code: string) => (texts as Record<string, string>)[`${prefix}_${code}`] ?? code;
  return { locale: lang, text, status: (code) => lookup('status', code), targetKind: (code) => lookup('target', code) };
}

/** French words: the PDF (WinAnsi fonts cannot draw every language) and callers with no reader. */
export const FRENCH_EXPORT_WORDS = exportWords('fr');
