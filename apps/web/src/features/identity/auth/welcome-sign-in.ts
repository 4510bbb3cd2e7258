import { i18n } from '../../../i18n/i18n';
import { openAccountLanguage } from '../../../lib/session/account-language';
import type { StoredAccount } from '../../../lib/session/account.types';
import { accounts } from '../../../lib/session/account-store';
import { type SignInHandoff, tabStorage, takeSignInHandoff } from '../../../lib/session/sign-in-handoff';
import { showToast } from '../../../lib/toast';
import { showPendingInvitationsAtSignIn } from '../../tenancy/invitations/sign-in-invitations';

/**
 * What the app does once an account is signed in, besides storing it: the account's
 * language (or the one just picked while signed out, kept on the account), the welcome
 * toast and the pending invitations.
 */
export function welcomeSignedIn(account: StoredAccount, name: string): void {
  void openAccountLanguage(account);
  showToast({ title: i18n.t('auth:successTitle'), message: i18n.t('auth:successMessage', { name }).trim(), tone: 'success' });
  void showPendingInvitationsAtSignIn(account.sid);
}

/**
 * Start-up of the app after the light sign-in page (src/auth/) signed in and loaded it:
 * the welcome it handed over, once (main.tsx). Nothing when the account is not here.
 */
export function welcomeHandedOverSignIn(storage: Storage | undefined = tabStorage()): SignInHandoff | null {
  const handoff = takeSignInHandoff(storage);
  const account = handoff ? accounts.get(handoff.sid) : null;
  if (!handoff || !account) return null;
  welcomeSignedIn(account, handoff.name);
  return handoff;
}
