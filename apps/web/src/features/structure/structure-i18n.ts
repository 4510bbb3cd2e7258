import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n';
import { frStructure } from '../../i18n/locales/fr-structure';

export const STRUCTURE_NS = 'structure';

/**
 * The structure screens' texts load with those screens. French is the source and, for
 * now, the text shown in every language (the app's other languages fall back to it).
 */
export async function loadStructureI18n(): Promise<void> {
  if (!i18n.hasResourceBundle('fr', STRUCTURE_NS)) i18n.addResourceBundle('fr', STRUCTURE_NS, frStructure, true, false);
}

export function useStructureT() {
  return useTranslation(STRUCTURE_NS).t;
}
