import { z } from 'zod';
import { recordIdSchema } from '../ids';

/** Public codes of sites use the company-code alphabet: no 0/O/1/I, read aloud without doubt. */
export const STRUCTURE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const SITE_CODE_LENGTH = 6;

export const STRUCTURE_STATUSES = ['active', 'inactive'] as const;
export type StructureStatus = (typeof STRUCTURE_STATUSES)[number];

export const nameField = z.string().trim().min(2, 'Le nom doit contenir au moins 2 caractères').max(120, 'Le nom ne peut dépasser 120 caractères');
export const optionalText = (max: number) =>
  z.string().trim().max(max, `Ce texte ne peut dépasser ${max} caractères`).nullable().optional();
/** A record id in a body: the shared rule of ids.ts (a positive int4), `message` when missing. */
export const idField = (message: string) => recordIdSchema(message, message);
export const statusField = z.enum(STRUCTURE_STATUSES, { message: 'Statut inconnu (active ou inactive)' });

/** A public code: upper-cased, letters and digits of the company-code alphabet. */
export const publicCodeField = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(
    z
      .string()
      .min(3, 'Le code doit contenir au moins 3 caractères')
      .max(12, 'Le code ne peut dépasser 12 caractères')
      .regex(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]+$/, 'Le code ne peut contenir que des lettres et des chiffres, sans 0, O, 1 ni I'),
  );

/** A free code (workspaces): letters, digits and dashes, upper-cased. */
export const freeCodeField = z
  .string()
  .trim()
  .min(1, 'Le code est obligatoire')
  .max(30, 'Le code ne peut dépasser 30 caractères')
  .regex(/^[A-Za-z0-9-]+$/, 'Le code ne peut contenir que des lettres, des chiffres et des tirets')
  .transform((v) => v.toUpperCase());
