import { type AppLanguage, isAppLanguage } from './languages';

/**
 * The language last chosen on this device, shared by the app and the public answering
 * page: a respondent who picked English in one finds it in the other. Both start in it
 * (i18n.ts applyStoredLanguage, answer-language.ts); without a choice the app is French.
 */
export const LANGUAGE_STORAGE_KEY = 'app-language';

/** A language picked while signed out, waiting for the next sign-in to reach an account (account-language.ts). */
export const UNSAVED_LANGUAGE_KEY = 'app-language-unsaved';

/** The stored language, or null (none, unknown, or storage refused as in private mode). */
export function readLanguagePreference(storage: Storage | undefined): AppLanguage | null {
  try {
    const value = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return value && isAppLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeLanguagePreference(storage: Storage | undefined, language: AppLanguage): void {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage full or refused: the choice holds for this page only.
  }
}

/** The device's localStorage, or undefined where reading it throws (blocked cookies). */
export function deviceStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
