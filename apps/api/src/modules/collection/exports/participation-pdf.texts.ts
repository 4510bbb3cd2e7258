import { textsReader, type MessageTexts } from '../../../delivery/message-texts';

/**
 * The words of a participation's PDF, in the language of the person who asked for it
 * (Accept-Language). The detail labels it shares with the xlsx/csv columns (status,
 * respondent, phone…) and the states and target kinds come from export.texts.
 */
const fr = {
  detailLabel: '{{label}} : ',
  heading: 'Participation n° {{number}}',
  documentTitle: '{{survey}} — participation n° {{number}}',
  anonymous: 'Anonyme',
  startedAt: 'Commencée le',
  position: 'Position',
  noAnswer: 'Sans réponse',
  unreadableImage: '(image illisible)',
  generatedAt: 'Document généré le {{date}}',
  footer: '{{generated}} — page {{page}} / {{count}}',
};
export type ParticipationPdfText = keyof typeof fr;

const en: Record<ParticipationPdfText, string> = {
  detailLabel: '{{label}}: ',
  heading: 'Participation no. {{number}}',
  documentTitle: '{{survey}} — participation no. {{number}}',
  anonymous: 'Anonymous',
  startedAt: 'Started on',
  position: 'Location',
  noAnswer: 'No answer',
  unreadableImage: '(unreadable image)',
  generatedAt: 'Document generated on {{date}}',
  footer: '{{generated}} — page {{page}} of {{count}}',
};
const de: Record<ParticipationPdfText, string> = {
  detailLabel: '{{label}}: ',
  heading: 'Teilnahme Nr. {{number}}',
  documentTitle: '{{survey}} — Teilnahme Nr. {{number}}',
  anonymous: 'Anonym',
  startedAt: 'Begonnen am',
  position: 'Standort',
  noAnswer: 'Keine Antwort',
  unreadableImage: '(Bild nicht lesbar)',
  generatedAt: 'Dokument erstellt am {{date}}',
  footer: '{{generated}} — Seite {{page}} von {{count}}',
};
const es: Record<ParticipationPdfText, string> = {
  detailLabel: '{{label}}: ',
  heading: 'Participación n.º {{number}}',
  documentTitle: '{{survey}} — participación n.º {{number}}',
  anonymous: 'Anónimo',
  startedAt: 'Iniciada el',
  position: 'Ubicación',
  noAnswer: 'Sin respuesta',
  unreadableImage: '(imagen ilegible)',
  generatedAt: 'Documento generado el {{date}}',
  footer: '{{generated}} — página {{page}} de {{count}}',
};
const esMX: Record<ParticipationPdfText, string> = { ...es };
const zhCN: Record<ParticipationPdfText, string> = {
  detailLabel: '{{label}}：',
  heading: '参与记录 {{number}} 号',
  documentTitle: '{{survey}} — 参与记录 {{number}} 号',
  anonymous: '匿名',
  startedAt: '开始时间',
  position: '位置',
  noAnswer: '未作答',
  unreadableImage: '（图片无法读取）',
  generatedAt: '文档生成于 {{date}}',
  footer: '{{generated}} — 第 {{page}} 页，共 {{count}} 页',
};

export const PARTICIPATION_PDF_TEXTS: MessageTexts<ParticipationPdfText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };

export const participationPdfText = textsReader(PARTICIPATION_PDF_TEXTS);
