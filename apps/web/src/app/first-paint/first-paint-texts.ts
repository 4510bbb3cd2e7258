import { de } from '../../i18n/locales/de';
import { deSession } from '../../i18n/locales/de-session';
import { en } from '../../i18n/locales/en';
import { enSession } from '../../i18n/locales/en-session';
import { es } from '../../i18n/locales/es';
import { esSession } from '../../i18n/locales/es-session';
import { esMX } from '../../i18n/locales/es-mx';
import { esMXSession } from '../../i18n/locales/es-mx-session';
import { fr } from '../../i18n/locales/fr';
import { frSession } from '../../i18n/locales/fr-session';
import { zhCN } from '../../i18n/locales/zh-cn';
import { zhCNSession } from '../../i18n/locales/zh-cn-session';
import type { AppLanguage } from '../../i18n/languages';
import type { FirstPaintTexts } from './first-paint';

/**
 * The two texts the first screen shows before the app (first-paint.ts), taken from the app's
 * own bundles at build time (`common.appName`, `session.welcome`): the same words as the
 * header and the heading that replace them.
 */
export function firstPaintTexts(): Record<AppLanguage, FirstPaintTexts[string]> {
  return {
    fr: { appName: fr.common.appName, welcome: frSession.session.welcome },
    en: { appName: en.common.appName, welcome: enSession.welcome },
    de: { appName: de.common.appName, welcome: deSession.welcome },
    es: { appName: es.common.appName, welcome: esSession.welcome },
    'es-MX': { appName: esMX.common.appName, welcome: esMXSession.welcome },
    'zh-CN': { appName: zhCN.common.appName, welcome: zhCNSession.welcome },
  };
}
