import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { enTargets } from '../../../i18n/locales/en-targets';
import { frTargets } from '../../../i18n/locales/fr-targets';

export const TARGETS_NS = 'targets';

/**
 * Small enough to ship with the screens that use them: French (the source and every
 * other language's fallback) and English, added the first time a screen asks.
 */
function ensureTargetsI18n(): void {
  if (typeof i18n.hasResourceBundle !== 'function') return;
  if (!i18n.hasResourceBundle('fr', TARGETS_NS)) i18n.addResourceBundle('fr', TARGETS_NS, frTargets, true, false);
  if (!i18n.hasResourceBundle('en', TARGETS_NS)) i18n.addResourceBundle('en', TARGETS_NS, enTargets, true, false);
}

export function useTargetsT() {
  ensureTargetsI18n();
  return useTranslation(TARGETS_NS).t;
}
