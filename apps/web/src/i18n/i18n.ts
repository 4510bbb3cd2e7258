import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { deviceStorage, readLanguagePreference, writeLanguagePreference } from './language-preference';
import { type AppLanguage, APP_LANGUAGES, browserLanguage, DEFAULT_LANGUAGE } from './languages';
import { fr, type LocaleMessages, NAMESPACES } from './locales/fr';
import { frKit, type KitMessages } from './locales/fr-kit';
import { frMessaging, type MessagingMessages } from './locales/fr-messaging';
import { frSession, type SessionMessages } from './locales/fr-session';

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

/** The signed-in area's texts (session namespace), loaded with the language. */
const sessionLoaders: Record<Exclude<AppLanguage, 'fr'>, () => Promise<SessionMessages>> = {
  en: () => import('./locales/en-session').then((m) => m.enSession),
  de: () => import('./locales/de-session').then((m) => m.deSession),
  es: () => import('./locales/es-session').then((m) => m.esSession),
  'es-MX': () => import('./locales/es-mx-session').then((m) => m.esMXSession),
  'zh-CN': () => import('./locales/zh-cn-session').then((m) => m.zhCNSession),
};

/** The screen kit's and the navigation's texts (kit and nav namespaces), loaded with the language. */
const kitLoaders: Record<Exclude<AppLanguage, 'fr'>, () => Promise<KitMessages>> = {
  en: () => import('./locales/en-kit').then((m) => m.enKit),
  de: () => import('./locales/de-kit').then((m) => m.deKit),
  es: () => import('./locales/es-kit').then((m) => m.esKit),
  'es-MX': () => import('./locales/es-mx-kit').then((m) => m.esMXKit),
  'zh-CN': () => import('./locales/zh-cn-kit').then((m) => m.zhCNKit),
};

/** The messaging texts (bell, conversations, broadcasts: in the shell's header), loaded with the language. */
const messagingLoaders: Record<Exclude<AppLanguage, 'fr'>, () => Promise<MessagingMessages>> = {
  en: () => import('./locales/en-messaging').then((m) => m.enMessaging),
  de: () => import('./locales/de-messaging').then((m) => m.deMessaging),
  es: () => import('./locales/es-messaging').then((m) => m.esMessaging),
  'es-MX': () => import('./locales/es-messaging').then((m) => m.esMessaging),
  'zh-CN': () => import('./locales/zh-cn-messaging').then((m) => m.zhCNMessaging),
};

/** One app-wide instance, created here rather than i18next's global so tests can own it. */
export const i18n = i18next.createInstance();

let initPromise: Promise<unknown> | null = null;

/** Initialises i18next in French (source and fallback); safe to call more than once. */
export function initI18n(): Promise<unknown> {
  initPromise ??= i18n.use(initReactI18next).init({
    // The session and kit namespaces (fr-session, fr-kit) join the others; languages add theirs in loadLanguage.
    resources: { fr: { ...fr, ...frSession, ...frKit, ...frMessaging } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...APP_LANGUAGES],
    // 'es-MX' must not also pull 'es', and 'zh-CN' not 'zh': each bundle is complete.
    load: 'currentOnly',
    // A copy: i18next appends namespaces added later (legal) to this array.
    ns: [...NAMESPACES, ...Object.keys(frSession), ...Object.keys(frKit), ...Object.keys(frMessaging)],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return initPromise;
}

/** Adds a locale's bundles once; French is always present. */
export async function loadLanguage(language: AppLanguage): Promise<void> {
  if (language === 'fr' || i18n.hasResourceBundle(language, 'common')) return;
  const [messages, session, kit, messaging] = await Promise.all([
    loaders[language](),
    sessionLoaders[language](),
    kitLoaders[language](),
    messagingLoaders[language](),
  ]);
  for (const ns of NAMESPACES) {
    i18n.addResourceBundle(language, ns, messages[ns], true, false);
  }
  i18n.addResourceBundle(language, 'session', session, true, false);
  i18n.addResourceBundle(language, 'kit', kit.kit, true, false);
  i18n.addResourceBundle(language, 'nav', kit.nav, true, false);
  i18n.addResourceBundle(language, 'messaging', messaging.messaging, true, false);
}

type ChoiceListener = (language: AppLanguage) => void | Promise<void>;
const choiceListeners = new Set<ChoiceListener>();

/**
 * Told when the person picks a language (header, profile), not when the app applies one
 * (start-up, the account's): the session layer keeps the choice on the account.
 */
export function onLanguageChosen(listener: ChoiceListener): () => void {
  choiceListeners.add(listener);
  return () => choiceListeners.delete(listener);
}

/** Switches without calling it a choice (start-up, browser language, the account's). */
async function switchTo(language: AppLanguage): Promise<void> {
  await initI18n();
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/**
 * The person's choice: loads then switches the language and keeps `<html lang>` in step
 * for screen readers. Kept on the device (reloads, the public answering page) and, through
 * `onLanguageChosen`, on the signed-in account (other devices).
 */
export async function changeLanguage(language: AppLanguage): Promise<void> {
  await switchTo(language);
  writeLanguagePreference(deviceStorage(), language);
  await Promise.all([...choiceListeners].map((listener) => listener(language)));
}

/** The account's language on opening it: applied and kept on the device, not a new choice. */
export async function applyAccountLanguage(language: AppLanguage): Promise<void> {
  writeLanguagePreference(deviceStorage(), language);
  if (language !== i18n.language) await switchTo(language);
}

/** Whether the person picked a language on this device (else sign-up and the update prompt follow the browser). */
export function hasChosenLanguage(storage: Storage | undefined = deviceStorage()): boolean {
  return readLanguagePreference(storage) !== null;
}

/**
 * The update prompt (sections 1 and 9): the browser's language, else English, loaded and
 * returned while the person has picked none on this device; null once one is picked (the
 * prompt then speaks the app's language, which is that choice). The app itself is not
 * switched nor anything kept: it still starts in French (section 4). Sign-up, outside
 * i18next, has the same rule in `auth/auth-words.ts` (`startLanguage`).
 */
export async function browserLanguageUntilChosen(
  preferred?: readonly string[],
  storage: Storage | undefined = deviceStorage(),
): Promise<AppLanguage | null> {
  if (hasChosenLanguage(storage)) return null;
  const language = browserLanguage(preferred);
  await initI18n();
  await loadLanguage(language);
  return language;
}

/**
 * Start-up: the language chosen earlier on this device, if any (the app starts in French,
 * section 4, but a choice made in the header or the profile is kept across reloads).
 */
export async function applyStoredLanguage(storage: Storage | undefined = deviceStorage()): Promise<void> {
  const stored = readLanguagePreference(storage);
  if (stored && stored !== i18n.language) await switchTo(stored);
}

/** The language requests should be answered in (the Accept-Language header). */
export function currentLanguage(): string {
  return i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE;
}
