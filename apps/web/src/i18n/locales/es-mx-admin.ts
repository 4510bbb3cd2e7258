import { esAdmin } from './es-admin';
import type { AdminTexts } from './fr-admin';

/** Mexican Spanish: the Spanish texts, with the words that differ there. */
export const esMxAdmin: AdminTexts = {
  ...esAdmin,
  companies: { ...esAdmin.companies, search: 'Nombre, código o correo electrónico' },
  company: { ...esAdmin.company, email: 'Correo electrónico', phone: 'Teléfono celular' },
};
