import { type UseTranslationOptions, useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n';
import { frCommerce } from '../../i18n/locales/fr-commerce';

export const COMMERCE_NS = 'commerce';

/** Loads the commerce texts with the commerce screens (French, which other languages fall back to). */
export async function loadCommerceI18n(): Promise<void> {
  if (!i18n.hasResourceBundle('fr', COMMERCE_NS)) i18n.addResourceBundle('fr', COMMERCE_NS, frCommerce, true, false);
}

const HOOK_OPTIONS = { bindI18nStore: 'added' } as UseTranslationOptions<undefined>;

export function useCommerceT() {
  return useTranslation(COMMERCE_NS, HOOK_OPTIONS);
}
