import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import type { AppLanguage } from '../../../i18n/languages';
import { deTargets } from '../../../i18n/locales/de-targets';
import { enTargets } from '../../../i18n/locales/en-targets';
import { esTargets } from '../../../i18n/locales/es-targets';
import { frTargets, type TargetsMessages } from '../../../i18n/locales/fr-targets';
import { zhCNTargets } from '../../../i18n/locales/zh-cn-targets';

export const TARGETS_NS = 'targets';

/**
 * Every language's texts (Mexican Spanish uses the Spanish ones). Small enough (a few
 * dozen short strings each) to ship with the screens that use them, synchronously:
 * the public QR landing pages render their first texts without waiting for a chunk.
 */
export const TARGETS_MESSAGES: Record<AppLanguage, TargetsMessages> = {
  fr: frTargets,
  en: enTargets,
  de: deTargets,
  es: esTargets,
  'es-MX': esTargets,
  'zh-CN': zhCNTargets,
};

/** Adds the bundles the first time a screen asks; French stays the fallback. */
function ensureTargetsI18n(): void {
  if (typeof i18n.hasResourceBundle !== 'function') return;
  for (const [language, messages] of Object.entries(TARGETS_MESSAGES)) {
    if (!i18n.hasResourceBundle(language, TARGETS_NS)) i18n.addResourceBundle(language, TARGETS_NS, messages, true, false);
  }
}

export function useTargetsT() {
  ensureTargetsI18n();
  return useTranslation(TARGETS_NS).t;
}
