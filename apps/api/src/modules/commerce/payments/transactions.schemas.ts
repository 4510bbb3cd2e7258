import { PAYMENT_PROVIDERS, recordIdSchema } from '@app/contracts';
import { z } from 'zod';

export const kindParams = z.object({ kind: z.enum(['invoice', 'package', 'booking'], { message: 'Type de paiement inconnu : invoice, package ou booking.' }) });

export const initBody = z.object({
  target_id: recordIdSchema('Indiquez ce qui est payé (target_id).'),
  provider: z.enum(PAYMENT_PROVIDERS, { message: 'Opérateur attendu : mtn_momo ou orange_money.' }),
  phone: z.string({ message: 'Le numéro du payeur est obligatoire.' }).min(9).max(20),
  client_key: z
    .string({ message: 'Une clé client (client_key) est obligatoire pour éviter les doubles paiements.' })
    .regex(/^[A-Za-z0-9_-]{8,80}$/, 'La clé client doit faire 8 à 80 lettres, chiffres, - ou _.'),
});
export type InitInput = z.infer<typeof initBody>;

export const checkBody = z.object({ transaction_id: recordIdSchema('Indiquez la transaction (transaction_id).') });
