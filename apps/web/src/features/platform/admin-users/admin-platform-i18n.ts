import { frAdminPlatform } from '../../../i18n/locales/fr-admin-platform';
import { defineTextNamespace } from '../../../i18n/text-namespace';

/** The back office's users, cross-company lists, broadcast and scorecards: French ships, the others load on demand. */
const texts = defineTextNamespace('adminPlatform', frAdminPlatform, {
  en: () => import('../../../i18n/locales/other-admin-platform').then((m) => m.enAdminPlatform),
  de: () => import('../../../i18n/locales/other-admin-platform').then((m) => m.deAdminPlatform),
  es: () => import('../../../i18n/locales/other-admin-platform').then((m) => m.esAdminPlatform),
  'es-MX': () => import('../../../i18n/locales/other-admin-platform').then((m) => m.esMxAdminPlatform),
  'zh-CN': () => import('../../../i18n/locales/other-admin-platform').then((m) => m.zhCnAdminPlatform),
});

export const loadAdminPlatformI18n = texts.load;
export const useAdminPlatformT = () => texts.useT();
