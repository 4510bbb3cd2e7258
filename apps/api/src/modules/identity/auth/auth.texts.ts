import type { Locale } from '@app/contracts';

/**
 * Server-side texts of sign-in, codes and sign-up e-mails: French first, English where
 * the request (or the recipient's locale) asks for it; other languages fall back to French.
 */
const fr = {
  invalidCredentials: 'Identifiant ou mot de passe incorrect.',
  accountSuspended: 'Ce compte est suspendu.',
  accountNotValidated: "Votre compte n'est pas encore validé : saisissez le code envoyé à votre adresse e-mail.",
  invalidCode: 'Code invalide ou expiré.',
  registered: 'Un code de validation a été envoyé à votre adresse e-mail.',
  accountValidated: 'Votre compte est validé.',
  resetRequested: 'Si un compte correspond à cet identifiant, un code de réinitialisation vient de lui être envoyé.',
  passwordReset: 'Votre mot de passe a été modifié ; connectez-vous avec le nouveau.',
  passwordChanged: 'Votre mot de passe a été modifié.',
  wrongCurrentPassword: 'Le mot de passe actuel est incorrect.',
  passwordTooShort: 'Le mot de passe doit contenir au moins 8 caractères.',
  passwordMismatch: 'Les mots de passe ne correspondent pas.',
  invalidMobile: "Ce numéro n'est pas un numéro de mobile valide.",
  phoneTaken: 'Ce numéro est déjà associé à un autre compte.',
  usernameTaken: "Ce nom d'utilisateur est déjà pris.",
  codeSent: 'Un code vient de vous être envoyé.',
  codeValidated: 'Le code est validé.',
  noDestination: "Aucune adresse ni aucun numéro où envoyer le code.",
  providerNotConfigured: "Ce mode de connexion n'est pas activé.",
  invalidProviderToken: "La connexion avec ce fournisseur a échoué ; le jeton n'est pas valide.",
  providerUnavailable: 'Le fournisseur de connexion ne répond pas ; réessayez plus tard.',
  loggedOut: 'Vous êtes déconnecté.',
  deviceLoggedOut: 'Cet appareil est déconnecté.',
  profileUpdated: 'Votre profil a été mis à jour.',
  photoUpdated: 'Votre photo a été mise à jour.',
  photoMissing: 'Aucune image reçue.',
  photoType: 'Seules les images PNG, JPEG ou WebP sont acceptées.',
  photoTooLarge: "L'image ne doit pas dépasser 2 Mo.",
};

export type AuthText = keyof typeof fr;

const en: Record<AuthText, string> = {
  invalidCredentials: 'Incorrect login or password.',
  accountSuspended: 'This account is suspended.',
  accountNotValidated: 'Your account is not validated yet: enter the code sent to your e-mail address.',
  invalidCode: 'Invalid or expired code.',
  registered: 'A validation code was sent to your e-mail address.',
  accountValidated: 'Your account is validated.',
  resetRequested: 'If an account matches this login, a reset code has just been sent to it.',
  passwordReset: 'Your password was changed; sign in with the new one.',
  passwordChanged: 'Your password was changed.',
  wrongCurrentPassword: 'The current password is wrong.',
  passwordTooShort: 'The password must contain at least 8 characters.',
  passwordMismatch: 'The passwords do not match.',
  invalidMobile: 'This is not a valid mobile number.',
  phoneTaken: 'This number is already linked to another account.',
  usernameTaken: 'This username is already taken.',
  codeSent: 'A code has just been sent to you.',
  codeValidated: 'The code is validated.',
  noDestination: 'No address or number to send the code to.',
  providerNotConfigured: 'This sign-in method is not enabled.',
  invalidProviderToken: 'Signing in with this provider failed; the token is not valid.',
  providerUnavailable: 'The sign-in provider does not answer; try again later.',
  loggedOut: 'You are signed out.',
  deviceLoggedOut: 'This device is signed out.',
  profileUpdated: 'Your profile was updated.',
  photoUpdated: 'Your photo was updated.',
  photoMissing: 'No image received.',
  photoType: 'Only PNG, JPEG or WebP images are accepted.',
  photoTooLarge: 'The image must not exceed 2 MB.',
};

export function authText(locale: Locale | string, key: AuthText): string {
  return locale === 'en' ? en[key] : fr[key];
}

/** The e-mails and SMS the sign-in flows send, in the recipient's language. */
export function composeMessage(
  kind: 'account_validation' | 'phone_validation' | 'password_reset' | 'signup_attempt',
  locale: string,
  code = '',
): { subject: string; body: string } {
  const english = locale === 'en';
  switch (kind) {
    case 'account_validation':
      return english
        ? { subject: 'Your validation code', body: `Your account validation code is ${code}. It expires in 10 minutes.` }
        : { subject: 'Votre code de validation', body: `Votre code de validation de compte est ${code}. Il expire dans 10 minutes.` };
    case 'phone_validation':
      return english
        ? { subject: 'Your code', body: `Your verification code is ${code}. It expires in 10 minutes.` }
        : { subject: 'Votre code', body: `Votre code de vérification est ${code}. Il expire dans 10 minutes.` };
    case 'password_reset':
      return english
        ? { subject: 'Reset your password', body: `Your password reset code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.` }
        : { subject: 'Réinitialisation du mot de passe', body: `Votre code de réinitialisation est ${code}. Il expire dans 10 minutes. Si vous ne l'avez pas demandé, ignorez ce message.` };
    case 'signup_attempt':
      return english
        ? { subject: 'Sign-up attempt', body: 'Someone tried to create an account with this e-mail address, which already has one. If it was you, sign in or reset your password. Otherwise, ignore this message.' }
        : { subject: "Tentative d'inscription", body: "Quelqu'un a essayé de créer un compte avec cette adresse e-mail, qui en a déjà un. Si c'était vous, connectez-vous ou réinitialisez votre mot de passe. Sinon, ignorez ce message." };
  }
}
