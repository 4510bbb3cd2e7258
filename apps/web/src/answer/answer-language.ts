/**
 * The answering page's language: chosen from the link, the device, then the browser;
 * French is bundled, the other five are loaded on demand (one chunk each), so a French
 * respondent downloads nothing more and the page stays light for everyone.
 */
import { readLanguagePreference } from '../i18n/language-preference';
import { type AppLanguage, matchLanguage } from '../i18n/languages';

export { matchLanguage };
import { fr, type PageMessages, replaceMessages } from './messages';

const loaders: Record<Exclude<AppLanguage, 'fr'>, () => Promise<PageMessages>> = {
  en: () => import('./locales/en').then((m) => m.en),
  de: () => import('./locales/de').then((m) => m.de),
  es: () => import('./locales/es').then((m) => m.es),
  'es-MX': () => import('./locales/es-mx').then((m) => m.esMX),
  'zh-CN': () => import('./locales/zh-cn').then((m) => m.zhCN),
};

/** The query parameter a link may set the language with (`?lang=en`). */
export const LANGUAGE_PARAM = 'lang';

export interface LanguageSources {
  /** The page address's query (`?lang=...`). */
  search: string;
  /** The language kept on this device by the app or by this page. */
  stored: string | null;
  /** The browser's languages, preferred first (navigator.languages). */
  preferred: readonly string[];
}

/** The link's `lang`, else the device's choice, else the browser's best match, else French. */
export function chooseLanguage(sources: LanguageSources): AppLanguage {
  return (
    matchLanguage(new URLSearchParams(sources.search).get(LANGUAGE_PARAM)) ??
    matchLanguage(sources.stored) ??
    sources.preferred.map(matchLanguage).find((l) => l !== null) ??
    'fr'
  );
}

/** The language sources of this browser page. */
export function browserLanguageSources(storage: Storage | undefined): LanguageSources {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    search: typeof location === 'undefined' ? '' : location.search,
    stored: readLanguagePreference(storage),
    preferred: nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [],
  };
}

let current: AppLanguage = 'fr';
let latest = 0;

export function answerLanguage(): AppLanguage {
  return current;
}

/**
 * Makes `language` the page's: loads its words (French is already here), puts them in
 * `M`, and sets `<html lang>` when a document is given. Rejects when the words cannot
 * be fetched (offline before they were ever cached); the page then keeps its language.
 * Of two quick switches the last one wins, whichever chunk arrives first.
 */
export async function setAnswerLanguage(language: AppLanguage, doc?: Document): Promise<void> {
  const ticket = ++latest;
  const table = language === 'fr' ? fr : await loaders[language]();
  if (ticket !== latest) return;
  replaceMessages(table);
  current = language;
  if (doc) doc.documentElement.lang = language;
}
