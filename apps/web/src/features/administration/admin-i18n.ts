import { deAdmin } from '../../i18n/locales/de-admin';
import { enAdmin } from '../../i18n/locales/en-admin';
import { esAdmin } from '../../i18n/locales/es-admin';
import { esMxAdmin } from '../../i18n/locales/es-mx-admin';
import { frAdmin } from '../../i18n/locales/fr-admin';
import { zhCnAdmin } from '../../i18n/locales/zh-cn-admin';
import { defineTextNamespace } from '../../i18n/text-namespace';

/** The back office's texts, in the six languages (only admins load them: shipped with the screens). */
const adminTexts = defineTextNamespace('admin', frAdmin, { en: enAdmin, de: deAdmin, es: esAdmin, 'es-MX': esMxAdmin, 'zh-CN': zhCnAdmin });

export const loadAdminI18n = adminTexts.load;

export function useAdminT() {
  return adminTexts.useT().t;
}
