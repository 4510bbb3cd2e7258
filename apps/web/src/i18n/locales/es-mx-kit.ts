import { esKit } from './es-kit';
import type { KitMessages } from './fr-kit';

/** Mexican Spanish: the Spanish kit texts, the same words being used in Mexico. */
export const esMXKit: KitMessages = esKit;
