/**
 * The light sign-in page's words: the app's own `common`, `auth` and `errors` texts
 * (i18n/locales, the same keys the completeness test checks), without i18next. French is
 * the product's language and ships with the page; another language's file is one chunk,
 * loaded only when it is the page's.
 */
import { WEB_ROUTES } from '@app/contracts/routes';
import { readLanguagePreference } from '../i18n/language-preference';
import { type AppLanguage, browserLanguage } from '../i18n/languages';
import { fr, type LocaleMessages } from '../i18n/locales/fr';

export type AuthWords = Pick<LocaleMessages, 'common' | 'auth' | 'errors'>;

const loaders: Record<Exclude<AppLanguage, 'fr'>, () => Promise<LocaleMessages>> = {
  en: () => import('../i18n/locales/en').then((m) => m.en),
  de: () => import('../i18n/locales/de').then((m) => m.de),
  es: () => import('../i18n/locales/es').then((m) => m.es),
  'es-MX': () => import('../i18n/locales/es-mx').then((m) => m.esMX),
  'zh-CN': () => import('../i18n/locales/zh-cn').then((m) => m.zhCN),
};

/** The words of a language (French at once, the others fetched). */
export async function loadWords(language: AppLanguage): Promise<AuthWords> {
  const all: LocaleMessages = language === 'fr' ? fr : await loaders[language]();
  return { common: all.common, auth: all.auth, errors: all.errors };
}

export const FRENCH_WORDS: AuthWords = { common: fr.common, auth: fr.auth, errors: fr.errors };

/**
 * The language a page of this entry speaks: the one chosen on this device before, else, as
 * the app starts (section 4), French; sign-up alone (sections 1 and 9) follows the browser
 * (else English) until the person picks one.
 */
export function startLanguage(storage: Storage | undefined, pathname: string, preferred?: readonly string[]): AppLanguage {
  const chosen = readLanguagePreference(storage);
  if (chosen) return chosen;
  return pathname === WEB_ROUTES.authCreateAccount ? browserLanguage(preferred) : 'fr';
}

/** Fills `{{name}}` placeholders as i18next does (values as they are, no escaping: React escapes). */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}
