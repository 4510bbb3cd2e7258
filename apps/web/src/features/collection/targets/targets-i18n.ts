import type { AppLanguage } from '../../../i18n/languages';
import { deTargets } from '../../../i18n/locales/de-targets';
import { enTargets } from '../../../i18n/locales/en-targets';
import { esTargets } from '../../../i18n/locales/es-targets';
import { frTargets, type TargetsMessages } from '../../../i18n/locales/fr-targets';
import { zhCNTargets } from '../../../i18n/locales/zh-cn-targets';
import { defineTextNamespace } from '../../../i18n/text-namespace';

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

/** Every language ships with the screens: nothing to wait for, French stays the fallback. */
const targetsTexts = defineTextNamespace(TARGETS_NS, frTargets, TARGETS_MESSAGES);

export function useTargetsT() {
  return targetsTexts.useT().t;
}
