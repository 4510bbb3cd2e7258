import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { deviceStorage, writeLanguagePreference } from './language-preference';
import { type AppLanguage, APP_LANGUAGES, DEFAULT_LANGUAGE } from './languages';
import { fr, type LocaleMessages, NAMESPACES } from './locales/fr';
import { frSession } from './locales/fr-session';

/**
 * Non-French bundles are split out of the main chunk: most users never leave French,
 * so they should not download five other languages.
 */
const loaders: Record<Exclude<AppLanguage, 'fr'>, () => Promise<LocaleMessages>> = {
  en: () => import('./locales/en').then((m) => m.en),
  de: () => import('./locales/de').then((m) => m.de),
  es: () => import('./locales/es').then((m) => m.es),
  'es-MX': () => import('./locales/es-mx').then((m) => m.esMX),
  'zh-CN': () => import('./locales/zh-cn').then((m) => m.zhCN),
};

/** One app-wide instance, created here rather than i18next's global so tests can own it. */
export const i18n = i18next.createInstance();

let initPromise: Promise<unknown> | null = null;

/** Initialises i18next in French (source and fallback); safe to call more than once. */
export function initI18n(): Promise<unknown> {
  initPromise ??= i18n.use(initReactI18next).init({
    // French-only namespaces (fr-session) join the translated ones; others fall back to them.
    resources: { fr: { ...fr, ...frSession } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...APP_LANGUAGES],
    // 'es-MX' must not also pull 'es', and 'zh-CN' not 'zh': each bundle is complete.
    load: 'currentOnly',
    // A copy: i18next appends namespaces added later (legal) to this array.
    ns: [...NAMESPACES, ...Object.keys(frSession)],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return initPromise;
}

/** Adds a locale's bundles once; French is always present. */
export async function loadLanguage(language: AppLanguage): Promise<void> {
  if (language === 'fr' || i18n.hasResourceBundle(language, 'common')) return;
  const messages = await loaders[language]();
  for (const ns of NAMESPACES) {
    i18n.addResourceBundle(language, ns, messages[ns], true, false);
  }
}

/**
 * Loads then switches the language and keeps `<html lang>` in step for screen readers.
 * The choice is kept on the device for the public answering page.
 */
export async function changeLanguage(language: AppLanguage): Promise<void> {
  await initI18n();
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  writeLanguagePreference(deviceStorage(), language);
}

/** The language requests should be answered in (the Accept-Language header). */
export function currentLanguage(): string {
  return i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE;
}
