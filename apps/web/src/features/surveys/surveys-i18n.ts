import { type UseTranslationOptions, useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n';
import { type AppLanguage, isAppLanguage } from '../../i18n/languages';
import { frSurveys, type SurveysMessages } from '../../i18n/locales/fr-surveys';

export const SURVEYS_NS = 'surveys';

/**
 * The survey screens' texts load with those screens, not with the shell: the public
 * answering page and the sign-in pages never download them. French is bundled with
 * this module (source and fallback); the other languages load on demand.
 */
const loaders: Record<Exclude<AppLanguage, 'fr'>, () => Promise<SurveysMessages>> = {
  en: () => import('../../i18n/locales/en-surveys').then((m) => m.enSurveys),
  de: () => import('../../i18n/locales/de-surveys').then((m) => m.deSurveys),
  es: () => import('../../i18n/locales/es-surveys').then((m) => m.esSurveys),
  'es-MX': () => import('../../i18n/locales/es-mx-surveys').then((m) => m.esMXSurveys),
  'zh-CN': () => import('../../i18n/locales/zh-cn-surveys').then((m) => m.zhCNSurveys),
};

async function addBundle(language: string): Promise<void> {
  if (!isAppLanguage(language) || i18n.hasResourceBundle(language, SURVEYS_NS)) return;
  const messages = language === 'fr' ? frSurveys : await loaders[language]();
  i18n.addResourceBundle(language, SURVEYS_NS, messages, true, false);
}

let following = false;

/** Makes the survey texts available in French and the current language, and follows language changes. */
export async function loadSurveysI18n(): Promise<void> {
  await addBundle('fr');
  await addBundle(i18n.language);
  if (!following) {
    following = true;
    i18n.on('languageChanged', (language) => void addBundle(language));
  }
}

// react-i18next reads `bindI18nStore` but does not type it on the hook; one constant
// object also keeps its memoised options stable between renders.
const HOOK_OPTIONS = { bindI18nStore: 'added' } as UseTranslationOptions<undefined>;

/** `t` of the surveys namespace; re-renders when a language bundle arrives after a switch. */
export function useSurveysT() {
  return useTranslation(SURVEYS_NS, HOOK_OPTIONS);
}
