import { defineTextNamespace } from '../../../i18n/text-namespace';

/** French texts of the signed-in outbox (what waits on the phone to be sent). */
export const frOutbox = {
  pending_one: '{{count}} envoi en attente',
  pending_other: '{{count}} envois en attente',
  pendingOffline: 'Ils partiront d’eux-mêmes au retour du réseau.',
  pendingRetry: 'Nouvel essai automatique dans {{seconds}} s.',
  sent: 'Envoyé',
  sentAll: 'Tout ce qui attendait est envoyé.',
  signInLost: 'Votre session a pris fin : reconnectez-vous pour envoyer ce qui attend. Rien n’est effacé.',
  rejected: 'Un envoi a été refusé : {{message}}',
  fileRefused: 'Une photo a été refusée : {{message}}',
  retryNow: 'Réessayer maintenant',
  export: 'Exporter les envois en attente',
  unsentTitle: 'Envois non transmis sur cet appareil',
  unsentText_one: '{{count}} réponse n’a pas pu être envoyée avant la fin de votre session. Elle reste sur cet appareil : reconnectez-vous pour l’envoyer, ou exportez-la dans un fichier à remettre à votre responsable.',
  unsentText_other: '{{count}} réponses n’ont pas pu être envoyées avant la fin de votre session. Elles restent sur cet appareil : reconnectez-vous pour les envoyer, ou exportez-les dans un fichier à remettre à votre responsable.',
};

type OutboxMessages = typeof frOutbox;

const enOutbox: OutboxMessages = {
  pending_one: '{{count}} item waiting to be sent',
  pending_other: '{{count}} items waiting to be sent',
  pendingOffline: 'They will go by themselves when the network is back.',
  pendingRetry: 'Next automatic try in {{seconds}} s.',
  sent: 'Sent',
  sentAll: 'Everything that was waiting has been sent.',
  signInLost: 'Your session ended: sign in again to send what is waiting. Nothing is erased.',
  rejected: 'An item was refused: {{message}}',
  fileRefused: 'A photo was refused: {{message}}',
  retryNow: 'Retry now',
  export: 'Export the items waiting',
  unsentTitle: 'Items not sent from this device',
  unsentText_one: '{{count}} answer could not be sent before your session ended. It stays on this device: sign in again to send it, or export it to a file to hand to your manager.',
  unsentText_other: '{{count}} answers could not be sent before your session ended. They stay on this device: sign in again to send them, or export them to a file to hand to your manager.',
};

const deOutbox: OutboxMessages = {
  pending_one: '{{count}} Sendung wartet',
  pending_other: '{{count}} Sendungen warten',
  pendingOffline: 'Sie gehen von selbst raus, sobald das Netz zurück ist.',
  pendingRetry: 'Nächster automatischer Versuch in {{seconds}} s.',
  sent: 'Gesendet',
  sentAll: 'Alles Wartende wurde gesendet.',
  signInLost: 'Ihre Sitzung ist beendet: Melden Sie sich erneut an, um das Wartende zu senden. Nichts wird gelöscht.',
  rejected: 'Eine Sendung wurde abgelehnt: {{message}}',
  fileRefused: 'Ein Foto wurde abgelehnt: {{message}}',
  retryNow: 'Jetzt erneut versuchen',
  export: 'Wartende Sendungen exportieren',
  unsentTitle: 'Nicht übertragene Sendungen auf diesem Gerät',
  unsentText_one: '{{count}} Antwort konnte vor dem Ende Ihrer Sitzung nicht gesendet werden. Sie bleibt auf diesem Gerät: Melden Sie sich erneut an oder exportieren Sie sie in eine Datei für Ihre Leitung.',
  unsentText_other: '{{count}} Antworten konnten vor dem Ende Ihrer Sitzung nicht gesendet werden. Sie bleiben auf diesem Gerät: Melden Sie sich erneut an oder exportieren Sie sie in eine Datei für Ihre Leitung.',
};

const esOutbox: OutboxMessages = {
  pending_one: '{{count}} envío pendiente',
  pending_other: '{{count}} envíos pendientes',
  pendingOffline: 'Saldrán solos cuando vuelva la red.',
  pendingRetry: 'Nuevo intento automático en {{seconds}} s.',
  sent: 'Enviado',
  sentAll: 'Todo lo pendiente se ha enviado.',
  signInLost: 'Su sesión terminó: vuelva a iniciar sesión para enviar lo pendiente. No se borra nada.',
  rejected: 'Un envío fue rechazado: {{message}}',
  fileRefused: 'Una foto fue rechazada: {{message}}',
  retryNow: 'Reintentar ahora',
  export: 'Exportar los envíos pendientes',
  unsentTitle: 'Envíos no transmitidos en este dispositivo',
  unsentText_one: '{{count}} respuesta no pudo enviarse antes del fin de su sesión. Queda en este dispositivo: vuelva a iniciar sesión para enviarla o expórtela a un archivo para su responsable.',
  unsentText_other: '{{count}} respuestas no pudieron enviarse antes del fin de su sesión. Quedan en este dispositivo: vuelva a iniciar sesión para enviarlas o expórtelas a un archivo para su responsable.',
};

const zhOutbox: OutboxMessages = {
  pending_one: '{{count}} 项待发送',
  pending_other: '{{count}} 项待发送',
  pendingOffline: '网络恢复后将自动发送。',
  pendingRetry: '{{seconds}} 秒后自动重试。',
  sent: '已发送',
  sentAll: '所有待发送内容均已发送。',
  signInLost: '您的会话已结束：请重新登录以发送待发送内容。不会删除任何内容。',
  rejected: '一项发送被拒绝：{{message}}',
  fileRefused: '一张照片被拒绝：{{message}}',
  retryNow: '立即重试',
  export: '导出待发送内容',
  unsentTitle: '本设备上未发送的内容',
  unsentText_one: '{{count}} 份回答在会话结束前未能发送。它保留在本设备上：请重新登录发送，或导出为文件交给您的负责人。',
  unsentText_other: '{{count}} 份回答在会话结束前未能发送。它们保留在本设备上：请重新登录发送，或导出为文件交给您的负责人。',
};

const outboxTexts = defineTextNamespace('outbox', frOutbox, { en: enOutbox, de: deOutbox, es: esOutbox, 'es-MX': esOutbox, 'zh-CN': zhOutbox });

export function useOutboxT() {
  return outboxTexts.useT().t;
}
