import type { MessageTexts } from '../../../delivery/message-texts';

// {{link}}: the reset page's address.
const fr = {
  newAccountSubject: 'Votre nouveau compte',
  newAccountBody:
    'Bonjour {{name}}, un compte a été créé pour vous. Identifiant : {{login}}. Mot de passe provisoire : {{password}}. Vous devrez le changer à la première connexion.',
  resetCodeSubject: 'Réinitialisation du mot de passe',
  resetCodeBody:
    "L'équipe de la plateforme vous envoie un code de réinitialisation : {{code}}. Il expire dans 10 minutes. Saisissez-le sur {{link}} pour choisir un nouveau mot de passe.",
};
export type AccountMessageText = keyof typeof fr;

const en: Record<AccountMessageText, string> = {
  newAccountSubject: 'Your new account',
  newAccountBody:
    'Hello {{name}}, an account was created for you. Login: {{login}}. Temporary password: {{password}}. You will have to change it when you first sign in.',
  resetCodeSubject: 'Password reset',
  resetCodeBody: 'The platform team sends you a reset code: {{code}}. It expires in 10 minutes. Enter it at {{link}} to choose a new password.',
};
const de: Record<AccountMessageText, string> = {
  newAccountSubject: 'Ihr neues Konto',
  newAccountBody:
    'Guten Tag {{name}}, für Sie wurde ein Konto erstellt. Kennung: {{login}}. Vorläufiges Passwort: {{password}}. Sie müssen es bei der ersten Anmeldung ändern.',
  resetCodeSubject: 'Passwort zurücksetzen',
  resetCodeBody:
    'Das Team der Plattform sendet Ihnen einen Code zum Zurücksetzen: {{code}}. Er läuft in 10 Minuten ab. Geben Sie ihn auf {{link}} ein, um ein neues Passwort zu wählen.',
};
const es: Record<AccountMessageText, string> = {
  newAccountSubject: 'Su nueva cuenta',
  newAccountBody:
    'Hola {{name}}, se ha creado una cuenta para usted. Usuario: {{login}}. Contraseña provisional: {{password}}. Deberá cambiarla en el primer inicio de sesión.',
  resetCodeSubject: 'Restablecimiento de la contraseña',
  resetCodeBody:
    'El equipo de la plataforma le envía un código de restablecimiento: {{code}}. Caduca en 10 minutos. Introdúzcalo en {{link}} para elegir una nueva contraseña.',
};
const zhCN: Record<AccountMessageText, string> = {
  newAccountSubject: '您的新账户',
  newAccountBody: '{{name}}，您好！已为您创建账户。登录名：{{login}}。临时密码：{{password}}。首次登录时需要修改密码。',
  resetCodeSubject: '重置密码',
  resetCodeBody: '平台团队向您发送了重置码：{{code}}，10 分钟后失效。请在 {{link}} 输入该码以设置新密码。',
};

/** The e-mails and SMS about an account that its owner did not ask for, in their language. */
export const ACCOUNT_MESSAGE_TEXTS: MessageTexts<AccountMessageText> = { fr, en, de, es, 'es-MX': es, 'zh-CN': zhCN };
