import { EMAIL_PATTERN, SUPPORTED_LOCALES } from '@app/contracts';
import { z } from 'zod';

const name = z.string().trim().min(1, 'Le nom est obligatoire').max(120);
const optionalName = z.string().trim().max(120).nullable().optional();
const email = z.string().trim().regex(EMAIL_PATTERN, "L'adresse e-mail n'est pas valide");
const username = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,40}$/, "L'identifiant doit contenir 3 à 40 lettres, chiffres, points, tirets ou soulignés");

export const USER_TYPES = ['admin', 'agent', 'customer'] as const;

/** Account created by a platform admin; the password is generated, never chosen here. */
export const createUserBody = z
  .object({
    first_name: name,
    last_name: optionalName,
    username: username.optional(),
    email: email.optional(),
    phone: z.string().trim().max(30).optional(),
    type: z.enum(USER_TYPES, { message: 'Type de compte inconnu (admin, agent ou customer)' }).default('customer'),
    locale: z.enum(SUPPORTED_LOCALES).optional(),
  })
  .refine((v) => Boolean(v.email || v.phone), {
    message: "L'adresse e-mail ou le numéro de téléphone est obligatoire (le mot de passe y est envoyé)",
    path: ['email'],
  });

/**
 * Profile fields only: `type`, `company_id`, `permissions`, `status` or a password sent
 * here are dropped (they have their own routes).
 */
export const updateUserBody = z.object({
  first_name: name.optional(),
  last_name: optionalName,
  username: username.nullable().optional(),
  email: email.nullable().optional(),
  phone: z.string().trim().max(30).nullable().optional(),
  locale: z.enum(SUPPORTED_LOCALES).optional(),
});

export const changeUserTypeBody = z.object({
  type: z.enum(USER_TYPES, { message: 'Type de compte inconnu (admin, agent ou customer)' }),
});

export type CreateUserInput = z.infer<typeof createUserBody>;
export type UpdateUserInput = z.infer<typeof updateUserBody>;
