import { enSupervision } from '../../i18n/locales/en-supervision';
import { frSupervision } from '../../i18n/locales/fr-supervision';
import type { TFunction } from 'i18next';
import { defineTextNamespace } from '../../i18n/text-namespace';

/**
 * The supervision screens' texts load with those screens: French (the source) and
 * English ship; the others load on demand (Mexican Spanish reads the Spanish ones).
 */
const supervisionTexts = defineTextNamespace('supervision', frSupervision, {
  en: enSupervision,
  de: () => import('../../i18n/locales/de-supervision').then((m) => m.deSupervision),
  es: () => import('../../i18n/locales/es-supervision').then((m) => m.esSupervision),
  'es-MX': () => import('../../i18n/locales/es-supervision').then((m) => m.esSupervision),
  'zh-CN': () => import('../../i18n/locales/zh-cn-supervision').then((m) => m.zhCNSupervision),
});

export const SUPERVISION_NS = supervisionTexts.ns;

export const loadSupervisionI18n = supervisionTexts.load;

export function useSupervisionT() {
  return supervisionTexts.useT().t;
}

/** What an activity of this kind is called in the reader's language (the kind itself for one the texts lack). */
export function activityKindLabel(t: TFunction, kind: string): string {
  const kinds = t('activityKinds', { returnObjects: true }) as Record<string, string> | string;
  return (typeof kinds === 'object' && kinds[kind]) || kind;
}
