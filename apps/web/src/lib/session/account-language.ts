import type { AccountUser } from '@app/contracts/auth';
import { applyAccountLanguage, onLanguageChosen } from '../../i18n/i18n';
import { deviceStorage, UNSAVED_LANGUAGE_KEY } from '../../i18n/language-preference';
import { type AppLanguage, isAppLanguage } from '../../i18n/languages';
import { openingLanguage } from '../../i18n/opening-language';
import { api } from '../api-client';
import type { StoredAccount } from './account.types';
import { requestSessionOf } from './account-model';
import { accounts } from './account-store';
import { sessionIdFromPath } from './session-id';

/**
 * The language is the person's, kept on the account (`users.locale`, the profile API) so
 * every device opens in it; the device keeps a copy for reloads (i18n.ts).
 */

export { UNSAVED_LANGUAGE_KEY };

function storage(): Storage | undefined {
  return deviceStorage();
}

/** Writes the language on the account (once: nothing is sent when it already has it). */
async function saveOnAccount(account: StoredAccount, language: AppLanguage): Promise<void> {
  if (account.usr.locale === language) return;
  const user = await api.post<AccountUser>('profile/update', { locale: language }, { session: requestSessionOf(account) });
  const current = accounts.get(account.sid);
  if (current) accounts.save({ ...current, usr: { ...current.usr, locale: user.locale } });
}

/**
 * A choice in the header or the profile: kept on the account of the page shown, or, signed
 * out, for the next sign-in. A failed save (offline) keeps the choice on the device only.
 */
export async function keepChosenLanguage(language: AppLanguage, pathname: string): Promise<void> {
  const sid = sessionIdFromPath(pathname);
  const account = sid ? accounts.get(sid) : null;
  try {
    if (!account) {
      storage()?.setItem(UNSAVED_LANGUAGE_KEY, language);
      return;
    }
    await saveOnAccount(account, language);
  } catch {
    // The device copy still holds it; the next choice or sign-in tries again.
  }
}

/**
 * An account opens (sign-in, or a page load's start-up): a language picked on this device
 * while signed out goes to the account; otherwise the account's language applies.
 */
export async function openAccountLanguage(account: StoredAccount): Promise<void> {
  let unsaved: string | null = null;
  try {
    unsaved = storage()?.getItem(UNSAVED_LANGUAGE_KEY) ?? null;
    storage()?.removeItem(UNSAVED_LANGUAGE_KEY);
  } catch {
    unsaved = null;
  }
  const language = openingLanguage({ unsaved, account: account.usr.locale }, isAppLanguage);
  if (!language) return;
  // The one picked signed out is already the page's: it only has to reach the account.
  if (language === unsaved) await saveOnAccount(account, language).catch(() => undefined);
  else await applyAccountLanguage(language);
}

/** Installs the link between the language switches and the account shown (main.tsx). */
export function followChosenLanguage(location: Pick<Location, 'pathname'> = window.location): () => void {
  return onLanguageChosen((language) => keepChosenLanguage(language, location.pathname));
}
