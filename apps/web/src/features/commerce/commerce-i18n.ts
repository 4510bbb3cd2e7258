import { frCommerce } from '../../i18n/locales/fr-commerce';
import { defineTextNamespace } from '../../i18n/text-namespace';

/** The commerce texts load with the commerce screens (French, which other languages fall back to). */
const commerceTexts = defineTextNamespace('commerce', frCommerce);

export const COMMERCE_NS = commerceTexts.ns;

export const loadCommerceI18n = commerceTexts.load;

export function useCommerceT() {
  return commerceTexts.useT();
}
