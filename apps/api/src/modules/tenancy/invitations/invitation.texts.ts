import type { MessageTexts } from '../../../delivery/message-texts';

const fr = {
  subject: 'Invitation à rejoindre {{company}}',
  invites: '{{host}} vous invite à rejoindre l’entreprise {{company}}.',
  signIn: "Connectez-vous pour accepter ou refuser l'invitation.",
  signUp: "Créez votre compte avec cette adresse pour accepter ou refuser l'invitation.",
  greeting: 'Bonjour,',
  expires: 'Cette invitation expire dans 14 jours.',
  link: "Pour répondre, ouvrez ce lien : {{link}}",
  code: "Sans le lien, saisissez ce code dans l'application (« J'ai un code d'invitation ») : {{code}}",
  smsCode: "Code d'invitation : {{code}} — {{link}}",
};
export type InvitationText = keyof typeof fr;

const en: Record<InvitationText, string> = {
  subject: 'Invitation to join {{company}}',
  invites: '{{host}} invites you to join the company {{company}}.',
  signIn: 'Sign in to accept or decline the invitation.',
  signUp: 'Create your account with this address to accept or decline the invitation.',
  greeting: 'Hello,',
  expires: 'This invitation expires in 14 days.',
  link: 'To answer, open this link: {{link}}',
  code: 'Without the link, enter this code in the app ("I have an invitation code"): {{code}}',
  smsCode: 'Invitation code: {{code}} — {{link}}',
};
const de: Record<InvitationText, string> = {
  subject: 'Einladung zu {{company}}',
  invites: '{{host}} lädt Sie ein, dem Unternehmen {{company}} beizutreten.',
  signIn: 'Melden Sie sich an, um die Einladung anzunehmen oder abzulehnen.',
  signUp: 'Erstellen Sie Ihr Konto mit dieser Adresse, um die Einladung anzunehmen oder abzulehnen.',
  greeting: 'Guten Tag,',
  expires: 'Diese Einladung läuft in 14 Tagen ab.',
  link: 'Um zu antworten, öffnen Sie diesen Link: {{link}}',
  code: 'Ohne den Link geben Sie diesen Code in der App ein („Ich habe einen Einladungscode“): {{code}}',
  smsCode: 'Einladungscode: {{code}} — {{link}}',
};
const es: Record<InvitationText, string> = {
  subject: 'Invitación para unirse a {{company}}',
  invites: '{{host}} le invita a unirse a la empresa {{company}}.',
  signIn: 'Inicie sesión para aceptar o rechazar la invitación.',
  signUp: 'Cree su cuenta con esta dirección para aceptar o rechazar la invitación.',
  greeting: 'Hola:',
  expires: 'Esta invitación caduca en 14 días.',
  link: 'Para responder, abra este enlace: {{link}}',
  code: 'Sin el enlace, introduzca este código en la aplicación («Tengo un código de invitación»): {{code}}',
  smsCode: 'Código de invitación: {{code}} — {{link}}',
};
const zhCN: Record<InvitationText, string> = {
  subject: '加入 {{company}} 的邀请',
  invites: '{{host}} 邀请您加入企业 {{company}}。',
  signIn: '请登录以接受或拒绝邀请。',
  signUp: '请使用此地址创建账户，以接受或拒绝邀请。',
  greeting: '您好：',
  expires: '此邀请将在 14 天后失效。',
  link: '如需回复，请打开此链接：{{link}}',
  code: '没有链接时，请在应用中输入此代码（“我有邀请码”）：{{code}}',
  smsCode: '邀请码：{{code}} — {{link}}',
};

/** The invitation e-mail and SMS (invitation-messages.ts), in the guest's language. */
export const INVITATION_TEXTS: MessageTexts<InvitationText> = { fr, en, de, es, 'es-MX': es, 'zh-CN': zhCN };
