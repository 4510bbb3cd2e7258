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
