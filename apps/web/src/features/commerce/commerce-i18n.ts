import type { TFunction } from 'i18next';
import { frCommerce } from '../../i18n/locales/fr-commerce';
import { defineTextNamespace } from '../../i18n/text-namespace';

/** The commerce texts load with the commerce screens: French ships, the others load on demand (es-MX reads Spanish). */
const commerceTexts = defineTextNamespace('commerce', frCommerce, {
  en: () => import('../../i18n/locales/en-commerce').then((m) => m.enCommerce),
  de: () => import('../../i18n/locales/de-commerce').then((m) => m.deCommerce),
  es: () => import('../../i18n/locales/es-commerce').then((m) => m.esCommerce),
  'es-MX': () => import('../../i18n/locales/es-commerce').then((m) => m.esCommerce),
  'zh-CN': () => import('../../i18n/locales/zh-cn-commerce').then((m) => m.zhCNCommerce),
});

export const COMMERCE_NS = commerceTexts.ns;

export const loadCommerceI18n = commerceTexts.load;

export function useCommerceT() {
  return commerceTexts.useT();
}

/** A platform feature's name in the reader's language (the counted ones, by slug), else the catalogue's own. */
export function featureName(t: TFunction, feature: { slug: string; name: string }): string {
  return t(`featureNames.${feature.slug}`, { defaultValue: feature.name });
}

/** The names of an invoice's or a transaction's statuses in the reader's language, by status. */
export function statusLabels(t: TFunction, which: 'invoiceStatus' | 'transactionStatus'): Record<string, string> {
  const labels = t(which, { returnObjects: true });
  return typeof labels === 'object' && labels !== null ? (labels as Record<string, string>) : {};
}
