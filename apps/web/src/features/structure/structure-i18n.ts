import { type UseTranslationOptions, useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n';
import { type AppLanguage, isAppLanguage } from '../../i18n/languages';
import { frStructure, type StructureMessages } from '../../i18n/locales/fr-structure';

export const STRUCTURE_NS = 'structure';

/**
 * The structure screens' texts load with those screens. French is bundled here (source
 * and fallback); the other languages load on demand (Mexican Spanish uses the Spanish
 * texts: nothing in them differs).
 */
const loaders: Record<Exclude<AppLanguage, 'fr'>, () => Promise<StructureMessages>> = {
  en: () => import('../../i18n/locales/en-structure').then((m) => m.enStructure),
  de: () => import('../../i18n/locales/de-structure').then((m) => m.deStructure),
  es: () => import('../../i18n/locales/es-structure').then((m) => m.esStructure),
  'es-MX': () => import('../../i18n/locales/es-structure').then((m) => m.esStructure),
  'zh-CN': () => import('../../i18n/locales/zh-cn-structure').then((m) => m.zhCNStructure),
};

async function addBundle(language: string): Promise<void> {
  if (!isAppLanguage(language) || i18n.hasResourceBundle(language, STRUCTURE_NS)) return;
  const messages = language === 'fr' ? frStructure : await loaders[language]();
  i18n.addResourceBundle(language, STRUCTURE_NS, messages, true, false);
}

let following = false;

/** Makes the structure texts available in French and the current language, and follows language changes. */
export async function loadStructureI18n(): Promise<void> {
  await addBundle('fr');
  await addBundle(i18n.language);
  if (!following) {
    following = true;
    i18n.on('languageChanged', (language) => void addBundle(language));
  }
}

// One constant object keeps react-i18next's memoised options stable between renders;
// `bindI18nStore: 'added'` re-renders when a language bundle arrives after a switch.
const HOOK_OPTIONS = { bindI18nStore: 'added' } as UseTranslationOptions<undefined>;

/** `t` of the structure namespace. */
export function useStructureT() {
  return useTranslation(STRUCTURE_NS, HOOK_OPTIONS).t;
}
