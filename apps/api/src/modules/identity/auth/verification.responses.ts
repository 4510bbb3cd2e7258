import { accountUserSchema } from '@app/contracts';
import { z } from 'zod';

/** The account's own fields (account.service `toAccountFields`), without its memberships. */
export const accountFieldsSchema = accountUserSchema.omit({ companies: true, agents: true, roles: true, permissions: true, chatrooms: true });

/** users/{id}/sendotp: where the code went, masked. */
export const otpSentSchema = z.object({ channel: z.enum(['email', 'sms']), destination: z.string().describe('Adresse ou numéro masqué') });

/** users/{id}/validateotp and validate_phone: the address is verified; the account as it now is. */
export const verifiedSchema = z.object({ verified: z.boolean().describe('Toujours true : l’adresse est vérifiée'), user: accountFieldsSchema });

/** users/validate_phone_request: the number the code was sent to, normalised. */
export const phoneRequestSchema = z.object({ phone: z.string() });

/** auth/request-password-token: the id to reset with (a decoy for an unknown login). */
export const passwordTokenSchema = z.object({ user: z.object({ id: z.string().describe('Identifiant de réinitialisation, à passer à reset-password/{userId}') }) });

export const passwordResetSchema = z.object({ reset: z.literal(true) });
