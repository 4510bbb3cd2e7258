import { z } from 'zod';
import { CONTACT_EMAIL_PATTERN } from '../validation';
import { idField, nameField, optionalText } from './common';

const contactFields = {
  name: nameField,
  organisation: optionalText(160),
  phone: z.string().trim().max(30, 'Le numéro ne peut dépasser 30 caractères').nullable().optional(),
  email: z.string().trim().regex(CONTACT_EMAIL_PATTERN, "L'adresse e-mail n'est pas valide").nullable().optional(),
  notes: optionalText(2000),
  zone_id: idField('Zone inconnue').nullable().optional(),
};
export const createContactSchema = z.object(contactFields);
export const updateContactSchema = z.object({ ...contactFields, name: nameField.optional() });
export type CreateContactInput = z.infer<typeof createContactSchema>;
export type UpdateContactInput = z.infer<typeof updateContactSchema>;
