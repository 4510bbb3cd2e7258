import type { LoginResponse } from '@app/contracts/auth';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { homeOf, readRedirect } from '../../../lib/session/addresses';
import { openAccountLanguage } from '../../../lib/session/account-language';
import { inSession } from '../../../lib/session/session-id';
import { signIn } from '../../../lib/session/session-service';
import { showToast } from '../../../lib/toast';
import { showPendingInvitationsAtSignIn } from '../../tenancy/invitations/sign-in-invitations';

/**
 * Stores a sign-in under its session id and opens it: the page asked for before
 * sign-in (`redirect`), else home (admin home for admins, business for the others).
 * The guards then apply, e.g. a forced password change.
 */
export function useCompleteSignIn(): (response: LoginResponse) => void {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  return (response) => {
    const account = signIn(response);
    // The account's language, or the one just picked on the sign-in page (kept on the account).
    void openAccountLanguage(account);
    const name = response.user?.name ?? response.user?.username ?? '';
    showToast({ title: t('successTitle'), message: t('successMessage', { name }).trim(), tone: 'success' });
    void showPendingInvitationsAtSignIn(account.sid);
    const back = readRedirect(location.search);
    navigate(back ? inSession(account.sid, back) : homeOf(account), { replace: true });
  };
}
