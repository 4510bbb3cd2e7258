import { type AppLanguage, isAppLanguage } from './languages';
import { LANGUAGE_STORAGE_KEY } from './opening-language';

/** The keys live with the opening language's rule, which the first-paint script shares. */
export { LANGUAGE_STORAGE_KEY, UNSAVED_LANGUAGE_KEY } from './opening-language';

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
