import type { LoginResponse } from '@app/contracts/auth';
import type { StoredAccount } from './account.types';
import { sessionInfoOf, withUser } from './account-model';
import { accounts } from './account-store';
import { createSessionId } from './session-id';
import { isSessionUsable, nowInSeconds } from './token-status';

// The part of the session service the light sign-in page (src/auth/) needs: storing a
// sign-in exactly as the app keeps it (`account.{sid}` in localStorage), without the API
// client and the app's i18n that the rest of session-service.ts brings.

/**
 * Stores a fresh sign-in (login, account validation, social sign-in). Signing in again
 * as a user already open here keeps their session id, since the server keeps one
 * session per device and user and the old tokens are gone anyway. Accounts of other
 * users stay beside it (several accounts in one browser).
 */
export function signIn(response: LoginResponse): StoredAccount {
  const sid = accounts.findByUser(response.user.id)?.sid ?? createSessionId();
  const account = withUser(sid, response.user, sessionInfoOf(response), accounts.get(sid));
  accounts.save(account);
  accounts.dispatch(sid, { type: 'signedIn' });
  accounts.markUsed(sid);
  return account;
}

/** The account last used if its session still holds, else any usable one, else null. */
export function lastUsableAccount(): StoredAccount | null {
  const nowS = nowInSeconds();
  const last = accounts.get(accounts.lastSid());
  if (last && isSessionUsable(last.sessionInfo, nowS)) return last;
  return accounts.list().find((a) => isSessionUsable(a.sessionInfo, nowS)) ?? null;
}
