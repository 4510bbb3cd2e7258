import { z } from 'zod';
import { INT4_MAX, recordIdSchema } from './ids';

/**
 * What the platform admin changes in the catalogue (mnt finances): a feature's name and
 * description, a package's price, period, state and bundled features with their limits
 * and overage prices. Amounts are integer minor units (XAF).
 */

const amount = (label: string) =>
  z
    .number({ message: `${label} : un nombre entier est attendu.` })
    .int({ message: `${label} : un nombre entier est attendu.` })
    .min(0, { message: `${label} ne peut pas être négatif.` })
    .max(INT4_MAX, { message: `${label} est trop grand.` });

export const featureUpdateBody = z
  .object({
    name: z.string().trim().min(1, { message: 'Le nom est obligatoire.' }).max(120, { message: 'Le nom est trop long (120 caractères au plus).' }),
    description: z.string().trim().max(500, { message: 'La description est trop longue (500 caractères au plus).' }).nullable(),
  })
  .partial()
  .strict();
export type FeatureUpdateInput = z.infer<typeof featureUpdateBody>;

export const packageFeatureInput = z
  .object({
    feature_id: recordIdSchema('Choisissez une fonctionnalité.', 'Cette fonctionnalité n’existe pas.'),
    /** null: unlimited. */
    limit: amount('La limite').nullable(),
    /** null: the limit is hard (refused beyond it); a price: the excess is billed per unit. */
    overage_price: amount('Le prix du dépassement').nullable().optional(),
  })
  .strict();
export type PackageFeatureInput = z.infer<typeof packageFeatureInput>;

const packageFields = {
  name: z.string().trim().min(1, { message: 'Le nom est obligatoire.' }).max(120, { message: 'Le nom est trop long (120 caractères au plus).' }),
  description: z.string().trim().max(500, { message: 'La description est trop longue (500 caractères au plus).' }).nullable().optional(),
  price: amount('Le prix'),
  period: z.enum(['month', 'year'], { message: 'La période est « month » ou « year ».' }),
  active: z.boolean({ message: 'Actif : vrai ou faux.' }).optional(),
  features: z
    .array(packageFeatureInput, { message: 'Les fonctionnalités sont une liste.' })
    .max(50, { message: 'Trop de fonctionnalités.' })
    .refine((list) => new Set(list.map((f) => f.feature_id)).size === list.length, { message: 'Une fonctionnalité apparaît deux fois.' }),
};

export const packageCreateBody = z
  .object({
    slug: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, { message: 'L’identifiant : 2 à 40 lettres minuscules, chiffres ou tirets.' }),
    ...packageFields,
  })
  .strict();
export type PackageCreateInput = z.infer<typeof packageCreateBody>;

export const packageUpdateBody = z.object(packageFields).partial().strict();
export type PackageUpdateInput = z.infer<typeof packageUpdateBody>;
