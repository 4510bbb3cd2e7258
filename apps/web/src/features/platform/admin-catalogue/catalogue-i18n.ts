import { frAdminCatalogue } from '../../../i18n/locales/fr-admin-catalogue';
import { defineTextNamespace } from '../../../i18n/text-namespace';

/** The back office's catalogue texts: French ships, the others load on demand. */
const texts = defineTextNamespace('adminCatalogue', frAdminCatalogue, {
  en: () => import('../../../i18n/locales/other-admin-catalogue').then((m) => m.enAdminCatalogue),
  de: () => import('../../../i18n/locales/other-admin-catalogue').then((m) => m.deAdminCatalogue),
  es: () => import('../../../i18n/locales/other-admin-catalogue').then((m) => m.esAdminCatalogue),
  'es-MX': () => import('../../../i18n/locales/other-admin-catalogue').then((m) => m.esMxAdminCatalogue),
  'zh-CN': () => import('../../../i18n/locales/other-admin-catalogue').then((m) => m.zhCnAdminCatalogue),
});

export const loadAdminCatalogueI18n = texts.load;
export const useAdminCatalogueT = () => texts.useT();
