import { esSession } from './es-session';
import type { SessionMessages } from './fr-session';

/** Mexican Spanish: the Spanish texts with the words that differ in Mexico (celular, agregar). */
export const esMXSession: SessionMessages = {
  ...esSession,
  addAccount: 'Agregar una cuenta',
  phone: 'Número de celular',
};
