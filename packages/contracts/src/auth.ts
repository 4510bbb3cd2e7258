/**
 * What the sign-in calls send and answer (API.md "Sessions", product description
 * sections 3 and 7). The server validates with these schemas and the web forms reuse them.
 */
import { z } from 'zod';
import { LOGIN_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH, MIN_PASSWORD_LENGTH } from './constants';
import { EMAIL_PATTERN, normalizeMobile } from './validation';

export const deviceSchema = z.object({ ref: z.string().trim().min(8).max(64) });

export const loginBody = z.object({
  login: z.string().trim().min(1, "L'identifiant est obligatoire").max(LOGIN_MAX_LENGTH),
  password: z.string().min(1, 'Le mot de passe est obligatoire').max(LOGIN_PASSWORD_MAX_LENGTH),
  device: deviceSchema,
});
export type LoginBody = z.infer<typeof loginBody>;

/** Sign-up (section 5): name, e-mail, password and its confirmation, promotional opt-in. */
export const registerBody = z
  .object({
    name: z.string().trim().min(1, 'Your name first name is required').max(120),
    email: z
      .string()
      .trim()
      .min(1, 'Enter your email, it will be required to login')
      .regex(EMAIL_PATTERN, 'Please, enter a valid email'),
    password: z
      .string()
      .min(1, 'Enter your password with at least 8 characters, it will be required to login')
      .min(MIN_PASSWORD_LENGTH, 'The password should contains at leat 8 characters')
      .max(200),
    password_confirmation: z.string().min(1, 'Please, confirm your password'),
    promotional_offers: z.boolean().optional().default(false),
    device: deviceSchema.optional(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The password does not match',
  });
export type RegisterBody = z.infer<typeof registerBody>;

export const refreshBody = z.object({ refresh_token: z.string().min(1) });

export type { AccountAgent, AccountCompany, AccountUser, AuthProviders, DeviceInfo, LoginResponse, PermissionMap, RefreshResponse } from './auth-responses';

const codeSchema = z.string().trim().regex(/^\d{6}$/, 'Le code comporte 6 chiffres');

const newPasswordFields = {
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, 'Le mot de passe doit contenir au moins 8 caractères')
    .max(200),
  password_confirmation: z.string().min(1, 'Veuillez confirmer le mot de passe'),
};

function passwordsMatch(v: { password: string; password_confirmation: string }) {
  return v.password === v.password_confirmation;
}
const mismatch = { path: ['password_confirmation'], message: 'Les mots de passe ne correspondent pas' };

/** POST auth/validate-account: the e-mail (or any login) and the code; with a device, signs in. */
export const validateAccountBody = z
  .object({
    email: z.string().trim().min(1).max(190).optional(),
    login: z.string().trim().min(1).max(190).optional(),
    code: codeSchema,
    device: deviceSchema.optional(),
  })
  .refine((v) => Boolean(v.email || v.login), { path: ['email'], message: "L'adresse e-mail est obligatoire" });
export type ValidateAccountBody = z.infer<typeof validateAccountBody>;

export const requestPasswordTokenBody = z.object({
  login: z.string().trim().min(1, "L'identifiant est obligatoire").max(190),
});

/** POST auth/reset-password/{id}: `id` is the opaque reset id from request-password-token. */
export const resetPasswordBody = z
  .object({ code: codeSchema, ...newPasswordFields })
  .refine(passwordsMatch, mismatch);

/** The id of request-password-token's answer is an opaque reset id, never a user id. */
export interface PasswordTokenResponse {
  user: { id: string };
}

/** POST auth/google_login: the Google ID token (`credential` is the name Google's button uses). */
export const googleLoginBody = z
  .object({
    id_token: z.string().min(10).max(8192).optional(),
    credential: z.string().min(10).max(8192).optional(),
    device: deviceSchema,
  })
  .refine((v) => Boolean(v.id_token || v.credential), { path: ['id_token'], message: 'Le jeton est obligatoire' });

/** POST auth/facebook_login: the user access token from the Facebook SDK. */
export const facebookLoginBody = z.object({
  access_token: z.string().min(10, 'Le jeton est obligatoire').max(4096),
  device: deviceSchema,
});

/** GET auth/providers: which social sign-ins the server offers. */


export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{2,39}$/;

/** Which channels notify the user, and about which kinds of events (profile section "notifications"). */
export const notificationPreferencesSchema = z
  .object({
    channels: z
      .object({
        email: z.boolean().default(true),
        sms: z.boolean().default(false),
        in_app: z.boolean().default(true),
      })
      .strict()
      .default({ email: true, sms: false, in_app: true }),
    events: z
      .object({
        invitations: z.boolean().default(true),
        contributions: z.boolean().default(true),
        broadcasts: z.boolean().default(true),
        reports: z.boolean().default(true),
      })
      .strict()
      .default({ invitations: true, contributions: true, broadcasts: true, reports: true }),
  })
  .strict();
export type NotificationPreferences = z.output<typeof notificationPreferencesSchema>;

/** The complete preferences from what is stored (sparse or older shapes); unreadable values fall back to the defaults. */
export function resolveNotificationPreferences(stored: unknown): NotificationPreferences {
  const parsed = notificationPreferencesSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : notificationPreferencesSchema.parse({});
}

/** What profile/update accepts: any subset, merged into the stored preferences. */
export const notificationPreferencesPatch = z
  .object({
    channels: z.object({ email: z.boolean(), sms: z.boolean(), in_app: z.boolean() }).partial().strict().optional(),
    events: z
      .object({ invitations: z.boolean(), contributions: z.boolean(), broadcasts: z.boolean(), reports: z.boolean() })
      .partial()
      .strict()
      .optional(),
  })
  .strict();
export type NotificationPreferencesPatch = z.infer<typeof notificationPreferencesPatch>;

/** POST profile/update: only these fields; anything else (type, company, permissions) is dropped. */
export const profileUpdateBody = z.object({
  first_name: z.string().trim().min(1).max(120).optional(),
  last_name: z.string().trim().max(120).nullable().optional(),
  username: z
    .string()
    .trim()
    .regex(USERNAME_PATTERN, "Le nom d'utilisateur comporte 3 à 40 lettres, chiffres, points, tirets ou soulignés")
    .refine((v) => !/^\d+$/.test(v), "Le nom d'utilisateur ne peut pas être composé uniquement de chiffres")
    .nullable()
    .optional(),
  locale: z.enum(['fr', 'en', 'de', 'es', 'es-MX', 'zh-CN']).optional(),
  promotional_offers: z.boolean().optional(),
  notification_preferences: notificationPreferencesPatch.optional(),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

/**
 * Password change (profile/security, users/{id}/security|updatepassword): the current
 * password is required for one's own account, not for a platform admin acting on another.
 */
export const changePasswordBody = z
  .object({ current_password: z.string().max(200).optional(), ...newPasswordFields })
  .refine(passwordsMatch, mismatch);
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** users/{id}/sendotp: the channel (default: e-mail when the account has one, else SMS). */
export const sendOtpBody = z.object({ channel: z.enum(['email', 'sms']).optional() });
export const validateOtpBody = z.object({ code: codeSchema, channel: z.enum(['email', 'sms']).optional() });

const mobileSchema = z
  .string()
  .trim()
  .min(1, 'Le numéro est obligatoire')
  .refine((v) => normalizeMobile(v) !== null, "Ce numéro n'est pas un numéro de mobile valide");

export const validatePhoneRequestBody = z.object({ phone: mobileSchema });
export const validatePhoneBody = z.object({ phone: mobileSchema, code: codeSchema });
