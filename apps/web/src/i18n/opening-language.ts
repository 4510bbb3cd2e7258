/**
 * Where the device keeps its language choices, and which one an account's page opens in.
 * No imports: the first-paint script (app/first-paint) is built from this file as well as
 * the app, so both open in the same language.
 */

/**
 * The language last chosen on this device, shared by the app and the public answering
 * page: a respondent who picked English in one finds it in the other. Both start in it
 * (i18n.ts applyStoredLanguage, answer-language.ts); without a choice the app is French.
 */
export const LANGUAGE_STORAGE_KEY = 'app-language';

/** A language picked while signed out, waiting for the next sign-in to reach an account (account-language.ts). */
export const UNSAVED_LANGUAGE_KEY = 'app-language-unsaved';

/** The language choices an account's page can open in (each as stored: anything, or nothing). */
export interface LanguageChoices {
  /** Picked on this device while signed out (UNSAVED_LANGUAGE_KEY): it goes to the account. */
  unsaved?: unknown;
  /** The account's own (`usr.locale`). */
  account?: unknown;
  /** This device's last choice (LANGUAGE_STORAGE_KEY). */
  device?: unknown;
}

/**
 * The language an account's page opens in: the one picked signed out on this device
 * (it is about to become the account's), else the account's, else the device's; the
 * first one `isKnown` accepts. Null: none, the app's default (French) applies.
 */
export function openingLanguage<T extends string>(choices: LanguageChoices, isKnown: (value: string) => value is T): T | null {
  for (const choice of [choices.unsaved, choices.account, choices.device]) {
    if (typeof choice === 'string' && isKnown(choice)) return choice;
  }
  return null;
}
