import { deCatalogue } from '../../i18n/locales/de-catalogue';
import { enCatalogue } from '../../i18n/locales/en-catalogue';
import { esCatalogue } from '../../i18n/locales/es-catalogue';
import { esMxCatalogue } from '../../i18n/locales/es-mx-catalogue';
import { frCatalogue } from '../../i18n/locales/fr-catalogue';
import { zhCnCatalogue } from '../../i18n/locales/zh-cn-catalogue';
import { defineTextNamespace } from '../../i18n/text-namespace';

/** The catalogue screens' texts (sectors, categories), in the six languages; shipped with the screens. */
export const catalogueTexts = defineTextNamespace('catalogue', frCatalogue, {
  en: enCatalogue,
  de: deCatalogue,
  es: esCatalogue,
  'es-MX': esMxCatalogue,
  'zh-CN': zhCnCatalogue,
});

export const loadCatalogueI18n = catalogueTexts.load;

export function useCatalogueT() {
  return catalogueTexts.useT().t;
}
