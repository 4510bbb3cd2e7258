import type { MessageTexts } from '../../../delivery/message-texts';

const fr = {
  subjectOne: 'Nouvelle notification : {{title}}',
  subjectMany: '{{count}} nouvelles notifications',
  more: '… et {{count}} autres.',
  greetingNamed: 'Bonjour {{name}},',
  greeting: 'Bonjour,',
  seeAt: 'Consultez-les dans l’application : {{url}}',
  see: 'Consultez-les dans l’application.',
  footer: 'Vous recevez ce résumé selon vos préférences de notification (profil, section Notifications).',
};
export type DigestText = keyof typeof fr;

const en: Record<DigestText, string> = {
  subjectOne: 'New notification: {{title}}',
  subjectMany: '{{count}} new notifications',
  more: '… and {{count}} more.',
  greetingNamed: 'Hello {{name}},',
  greeting: 'Hello,',
  seeAt: 'See them in the app: {{url}}',
  see: 'See them in the app.',
  footer: 'You receive this summary according to your notification preferences (profile, Notifications section).',
};
const de: Record<DigestText, string> = {
  subjectOne: 'Neue Benachrichtigung: {{title}}',
  subjectMany: '{{count}} neue Benachrichtigungen',
  more: '… und {{count}} weitere.',
  greetingNamed: 'Guten Tag {{name}},',
  greeting: 'Guten Tag,',
  seeAt: 'Sehen Sie sie in der App: {{url}}',
  see: 'Sehen Sie sie in der App.',
  footer: 'Sie erhalten diese Zusammenfassung gemäß Ihren Benachrichtigungseinstellungen (Profil, Bereich Benachrichtigungen).',
};
const es: Record<DigestText, string> = {
  subjectOne: 'Nueva notificación: {{title}}',
  subjectMany: '{{count}} notificaciones nuevas',
  more: '… y {{count}} más.',
  greetingNamed: 'Hola, {{name}}:',
  greeting: 'Hola:',
  seeAt: 'Consúltelas en la aplicación: {{url}}',
  see: 'Consúltelas en la aplicación.',
  footer: 'Recibe este resumen según sus preferencias de notificación (perfil, sección Notificaciones).',
};
const zhCN: Record<DigestText, string> = {
  subjectOne: '新通知：{{title}}',
  subjectMany: '{{count}} 条新通知',
  more: '……另有 {{count}} 条。',
  greetingNamed: '{{name}}，您好：',
  greeting: '您好：',
  seeAt: '请在应用中查看：{{url}}',
  see: '请在应用中查看。',
  footer: '您根据通知偏好（个人资料中的“通知”部分）收到此摘要。',
};

/** The notification digest e-mail's frame, in the recipient's language. */
export const DIGEST_TEXTS: MessageTexts<DigestText> = { fr, en, de, es, 'es-MX': es, 'zh-CN': zhCN };
