import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n';
import { enSupervision } from '../../i18n/locales/en-supervision';
import { frSupervision } from '../../i18n/locales/fr-supervision';

export const SUPERVISION_NS = 'supervision';

/**
 * The supervision screens' texts load with those screens: French (the source) and
 * English; the other languages fall back to French.
 */
export async function loadSupervisionI18n(): Promise<void> {
  if (!i18n.hasResourceBundle('fr', SUPERVISION_NS)) i18n.addResourceBundle('fr', SUPERVISION_NS, frSupervision, true, false);
  if (!i18n.hasResourceBundle('en', SUPERVISION_NS)) i18n.addResourceBundle('en', SUPERVISION_NS, enSupervision, true, false);
}

export function useSupervisionT() {
  return useTranslation(SUPERVISION_NS).t;
}
