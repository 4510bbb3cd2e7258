import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * Refusals of a supervision report (a participation filed under a monitor), in the
 * caller's language (`ctx.locale`). French is the source; `reports.texts.unit.test.ts`
 * checks the other languages.
 */
const fr = {
  monitorNotFound: "Ce moniteur n'existe pas dans votre entreprise.",
  participationNotFound: "Cette participation n'existe pas dans votre entreprise.",
  anonymousParticipation: 'Cette participation répond à un formulaire anonyme : elle ne peut pas devenir un rapport.',
  notThisMonitor: "Cette participation n'évalue pas la cible de ce moniteur avec son formulaire.",
  notSentYet: "Cette participation n'est pas encore envoyée.",
  alreadyReported: 'Cette participation a déjà un rapport pour ce moniteur.',
};
export type ReportText = keyof typeof fr;

const en: Record<ReportText, string> = {
  monitorNotFound: 'This monitor does not exist in your company.',
  participationNotFound: 'This participation does not exist in your company.',
  anonymousParticipation: 'This participation answers an anonymous form: it cannot become a report.',
  notThisMonitor: 'This participation does not evaluate this monitor’s target with its form.',
  notSentYet: 'This participation is not sent yet.',
  alreadyReported: 'This participation already has a report for this monitor.',
};
const de: Record<ReportText, string> = {
  monitorNotFound: 'Diese Supervision existiert in Ihrem Unternehmen nicht.',
  participationNotFound: 'Diese Teilnahme existiert in Ihrem Unternehmen nicht.',
  anonymousParticipation: 'Diese Teilnahme beantwortet ein anonymes Formular: Sie kann kein Bericht werden.',
  notThisMonitor: 'Diese Teilnahme bewertet nicht das Ziel dieser Supervision mit deren Formular.',
  notSentYet: 'Diese Teilnahme ist noch nicht gesendet.',
  alreadyReported: 'Diese Teilnahme hat bereits einen Bericht für diese Supervision.',
};
const es: Record<ReportText, string> = {
  monitorNotFound: 'Esta supervisión no existe en su empresa.',
  participationNotFound: 'Esta participación no existe en su empresa.',
  anonymousParticipation: 'Esta participación responde a un formulario anónimo: no puede convertirse en un informe.',
  notThisMonitor: 'Esta participación no evalúa el objetivo de esta supervisión con su formulario.',
  notSentYet: 'Esta participación aún no se ha enviado.',
  alreadyReported: 'Esta participación ya tiene un informe para esta supervisión.',
};
const esMX: Record<ReportText, string> = {
  ...es,
  monitorNotFound: 'Esta supervisión no existe en tu empresa.',
  participationNotFound: 'Esta participación no existe en tu empresa.',
};
const zhCN: Record<ReportText, string> = {
  monitorNotFound: '贵公司不存在该督导。',
  participationNotFound: '贵公司不存在该参与。',
  anonymousParticipation: '该参与回答的是匿名表单：不能成为报告。',
  notThisMonitor: '该参与并未使用此督导的表单评估其目标。',
  notSentYet: '该参与尚未提交。',
  alreadyReported: '该参与已有此督导的报告。',
};

export const REPORT_TEXTS: MessageTexts<ReportText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };
export const reportText = textsReader(REPORT_TEXTS);
