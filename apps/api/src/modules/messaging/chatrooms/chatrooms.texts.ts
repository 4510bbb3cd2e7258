import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * Errors of conversations and their messages, in the caller's language (`ctx.locale`).
 * French is the source; `chatrooms.texts.unit.test.ts` checks the others with `translationProblems`.
 */
const fr = {
  roomNotFound: 'Conversation introuvable.',
  memberNotFound: 'Membre introuvable.',
  messageNotFound: 'Message introuvable.',
  participationNotFound: 'Participation introuvable.',
  companyNotFound: 'Entreprise introuvable.',
  participationNotInCompany: 'Participation introuvable dans votre entreprise.',
  monitorNotInCompany: 'Supervision introuvable dans votre entreprise.',
  directWithOne: 'Une conversation directe se tient avec un autre agent.',
  directKeepsMembers: 'Une conversation directe garde ses deux membres.',
  agentsNotInCompany: "Ces agents n'appartiennent pas à votre entreprise ou ne sont pas actifs.",
  agentNotInCompany: "Cet agent n'appartient pas à votre entreprise ou n'est pas actif.",
  agentMissing: 'Indiquez l’agent à qui confier la conversation.',
  attachmentNotFound: 'Pièce jointe introuvable : envoyez d’abord le fichier.',
  roomClosed: 'Cette conversation est close.',
  roomAlreadyClosed: 'Cette conversation est déjà close.',
  roomNotPending: 'Cette conversation n’est pas en attente.',
};
export type ChatroomsText = keyof typeof fr;

const en: Record<ChatroomsText, string> = {
  roomNotFound: 'Conversation not found.',
  memberNotFound: 'Member not found.',
  messageNotFound: 'Message not found.',
  participationNotFound: 'Participation not found.',
  companyNotFound: 'Company not found.',
  participationNotInCompany: 'Participation not found in your company.',
  monitorNotInCompany: 'Supervision not found in your company.',
  directWithOne: 'A direct conversation is held with one other agent.',
  directKeepsMembers: 'A direct conversation keeps its two members.',
  agentsNotInCompany: 'These agents do not belong to your company or are not active.',
  agentNotInCompany: 'This agent does not belong to your company or is not active.',
  agentMissing: 'Say which agent the conversation goes to.',
  attachmentNotFound: 'Attachment not found: send the file first.',
  roomClosed: 'This conversation is closed.',
  roomAlreadyClosed: 'This conversation is already closed.',
  roomNotPending: 'This conversation is not pending.',
};
const de: Record<ChatroomsText, string> = {
  roomNotFound: 'Unterhaltung nicht gefunden.',
  memberNotFound: 'Mitglied nicht gefunden.',
  messageNotFound: 'Nachricht nicht gefunden.',
  participationNotFound: 'Teilnahme nicht gefunden.',
  companyNotFound: 'Unternehmen nicht gefunden.',
  participationNotInCompany: 'Teilnahme in Ihrem Unternehmen nicht gefunden.',
  monitorNotInCompany: 'Überwachung in Ihrem Unternehmen nicht gefunden.',
  directWithOne: 'Eine Direktunterhaltung wird mit genau einem anderen Agenten geführt.',
  directKeepsMembers: 'Eine Direktunterhaltung behält ihre beiden Mitglieder.',
  agentsNotInCompany: 'Diese Agenten gehören nicht zu Ihrem Unternehmen oder sind nicht aktiv.',
  agentNotInCompany: 'Dieser Agent gehört nicht zu Ihrem Unternehmen oder ist nicht aktiv.',
  agentMissing: 'Geben Sie an, welchem Agenten die Unterhaltung übertragen wird.',
  attachmentNotFound: 'Anhang nicht gefunden: Senden Sie zuerst die Datei.',
  roomClosed: 'Diese Unterhaltung ist geschlossen.',
  roomAlreadyClosed: 'Diese Unterhaltung ist bereits geschlossen.',
  roomNotPending: 'Diese Unterhaltung ist nicht ausstehend.',
};
const es: Record<ChatroomsText, string> = {
  roomNotFound: 'Conversación no encontrada.',
  memberNotFound: 'Miembro no encontrado.',
  messageNotFound: 'Mensaje no encontrado.',
  participationNotFound: 'Participación no encontrada.',
  companyNotFound: 'Empresa no encontrada.',
  participationNotInCompany: 'Participación no encontrada en su empresa.',
  monitorNotInCompany: 'Supervisión no encontrada en su empresa.',
  directWithOne: 'Una conversación directa se mantiene con otro agente.',
  directKeepsMembers: 'Una conversación directa conserva a sus dos miembros.',
  agentsNotInCompany: 'Estos agentes no pertenecen a su empresa o no están activos.',
  agentNotInCompany: 'Este agente no pertenece a su empresa o no está activo.',
  agentMissing: 'Indique a qué agente se confía la conversación.',
  attachmentNotFound: 'Archivo adjunto no encontrado: envíe primero el archivo.',
  roomClosed: 'Esta conversación está cerrada.',
  roomAlreadyClosed: 'Esta conversación ya está cerrada.',
  roomNotPending: 'Esta conversación no está pendiente.',
};
const esMX: Record<ChatroomsText, string> = {
  ...es,
  participationNotInCompany: 'Participación no encontrada en tu empresa.',
  monitorNotInCompany: 'Supervisión no encontrada en tu empresa.',
  agentsNotInCompany: 'Estos agentes no pertenecen a tu empresa o no están activos.',
  agentNotInCompany: 'Este agente no pertenece a tu empresa o no está activo.',
  agentMissing: 'Indica a qué agente se confía la conversación.',
  attachmentNotFound: 'Archivo adjunto no encontrado: envía primero el archivo.',
};
const zhCN: Record<ChatroomsText, string> = {
  roomNotFound: '找不到该会话。',
  memberNotFound: '找不到该成员。',
  messageNotFound: '找不到该消息。',
  participationNotFound: '找不到该参与。',
  companyNotFound: '找不到该公司。',
  participationNotInCompany: '在贵公司中找不到该参与。',
  monitorNotInCompany: '在贵公司中找不到该督导。',
  directWithOne: '私聊只能与另一位调查员进行。',
  directKeepsMembers: '私聊保留其两位成员。',
  agentsNotInCompany: '这些调查员不属于贵公司或未处于活动状态。',
  agentNotInCompany: '该调查员不属于贵公司或未处于活动状态。',
  agentMissing: '请指明将会话交给哪位调查员。',
  attachmentNotFound: '找不到附件：请先发送文件。',
  roomClosed: '此会话已关闭。',
  roomAlreadyClosed: '此会话已经关闭。',
  roomNotPending: '此会话不在等待状态。',
};

export const CHATROOMS_TEXTS: MessageTexts<ChatroomsText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };
export const chatroomsText = textsReader(CHATROOMS_TEXTS);
