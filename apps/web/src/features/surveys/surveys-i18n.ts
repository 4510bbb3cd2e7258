import { defineTextNamespace } from '../../i18n/text-namespace';
import { frSurveys } from '../../i18n/locales/fr-surveys';

/**
 * The survey screens' texts load with those screens, not with the shell: the public
 * answering page and the sign-in pages never download them. French is bundled with
 * this module (source and fallback); the other languages load on demand.
 */
const surveysTexts = defineTextNamespace('surveys', frSurveys, {
  en: () => import('../../i18n/locales/en-surveys').then((m) => m.enSurveys),
  de: () => import('../../i18n/locales/de-surveys').then((m) => m.deSurveys),
  es: () => import('../../i18n/locales/es-surveys').then((m) => m.esSurveys),
  'es-MX': () => import('../../i18n/locales/es-mx-surveys').then((m) => m.esMXSurveys),
  'zh-CN': () => import('../../i18n/locales/zh-cn-surveys').then((m) => m.zhCNSurveys),
});

export const SURVEYS_NS = surveysTexts.ns;

/** Makes the survey texts available in French and the current language, and follows language changes. */
export const loadSurveysI18n = surveysTexts.load;

/** `useTranslation` of the surveys namespace; re-renders when a language bundle arrives after a switch. */
export function useSurveysT() {
  return surveysTexts.useT();
}
