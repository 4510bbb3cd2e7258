/**
 * Sign-up validation messages (section 5) in the six languages of the product. The keys
 * are the English messages of the description, as the schemas of `auth.ts` write them;
 * the server answers field errors in the request's language and the web form shows the
 * same texts. French is the source and the fallback.
 */
import type { Locale } from '../status-messages';

export const SIGNUP_MESSAGE_KEYS = [
  'Your name first name is required',
  'Enter your email, it will be required to login',
  'Please, enter a valid email',
  'Enter your password with at least 8 characters, it will be required to login',
  'The password should contains at leat 8 characters',
  'Please, confirm your password',
  'The password does not match',
] as const;

export type SignupMessageKey = (typeof SIGNUP_MESSAGE_KEYS)[number];

export const SIGNUP_MESSAGES: Record<Locale, Record<SignupMessageKey, string>> = {
  fr: {
    'Your name first name is required': 'Votre nom et prénom sont obligatoires',
    'Enter your email, it will be required to login': 'Saisissez votre adresse e-mail, elle vous servira à vous connecter',
    'Please, enter a valid email': 'Veuillez saisir une adresse e-mail valide',
    'Enter your password with at least 8 characters, it will be required to login':
      'Saisissez un mot de passe d’au moins 8 caractères, il vous servira à vous connecter',
    'The password should contains at leat 8 characters': 'Le mot de passe doit contenir au moins 8 caractères',
    'Please, confirm your password': 'Veuillez confirmer votre mot de passe',
    'The password does not match': 'Les mots de passe ne correspondent pas',
  },
  en: {
    'Your name first name is required': 'Your first and last name are required',
    'Enter your email, it will be required to login': 'Enter your e-mail address, you will need it to sign in',
    'Please, enter a valid email': 'Please enter a valid e-mail address',
    'Enter your password with at least 8 characters, it will be required to login':
      'Enter a password of at least 8 characters, you will need it to sign in',
    'The password should contains at leat 8 characters': 'The password must contain at least 8 characters',
    'Please, confirm your password': 'Please confirm your password',
    'The password does not match': 'The passwords do not match',
  },
  de: {
    'Your name first name is required': 'Vor- und Nachname sind erforderlich',
    'Enter your email, it will be required to login': 'Geben Sie Ihre E-Mail-Adresse ein, Sie benötigen sie zur Anmeldung',
    'Please, enter a valid email': 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    'Enter your password with at least 8 characters, it will be required to login':
      'Geben Sie ein Passwort mit mindestens 8 Zeichen ein, Sie benötigen es zur Anmeldung',
    'The password should contains at leat 8 characters': 'Das Passwort muss mindestens 8 Zeichen enthalten',
    'Please, confirm your password': 'Bitte bestätigen Sie Ihr Passwort',
    'The password does not match': 'Die Passwörter stimmen nicht überein',
  },
  es: {
    'Your name first name is required': 'Su nombre y apellido son obligatorios',
    'Enter your email, it will be required to login': 'Introduzca su correo electrónico, lo necesitará para iniciar sesión',
    'Please, enter a valid email': 'Introduzca un correo electrónico válido',
    'Enter your password with at least 8 characters, it will be required to login':
      'Introduzca una contraseña de al menos 8 caracteres, la necesitará para iniciar sesión',
    'The password should contains at leat 8 characters': 'La contraseña debe tener al menos 8 caracteres',
    'Please, confirm your password': 'Confirme su contraseña',
    'The password does not match': 'Las contraseñas no coinciden',
  },
  'es-MX': {
    'Your name first name is required': 'Tu nombre y apellido son obligatorios',
    'Enter your email, it will be required to login': 'Ingresa tu correo electrónico, lo necesitarás para iniciar sesión',
    'Please, enter a valid email': 'Ingresa un correo electrónico válido',
    'Enter your password with at least 8 characters, it will be required to login':
      'Ingresa una contraseña de al menos 8 caracteres, la necesitarás para iniciar sesión',
    'The password should contains at leat 8 characters': 'La contraseña debe tener al menos 8 caracteres',
    'Please, confirm your password': 'Confirma tu contraseña',
    'The password does not match': 'Las contraseñas no coinciden',
  },
  'zh-CN': {
    'Your name first name is required': '请填写您的姓名',
    'Enter your email, it will be required to login': '请输入您的电子邮箱，登录时需要使用',
    'Please, enter a valid email': '请输入有效的电子邮箱',
    'Enter your password with at least 8 characters, it will be required to login': '请输入至少 8 个字符的密码，登录时需要使用',
    'The password should contains at leat 8 characters': '密码至少需要 8 个字符',
    'Please, confirm your password': '请确认您的密码',
    'The password does not match': '两次输入的密码不一致',
  },
};

export function isSignupMessageKey(message: string): message is SignupMessageKey {
  return (SIGNUP_MESSAGE_KEYS as readonly string[]).includes(message);
}

/** A sign-up message in a language (French when the locale is unknown); other texts unchanged. */
export function translateSignupMessage(message: string, locale: Locale | string = 'fr'): string {
  if (!isSignupMessageKey(message)) return message;
  const table = SIGNUP_MESSAGES[locale as Locale] ?? SIGNUP_MESSAGES.fr;
  return table[message];
}
