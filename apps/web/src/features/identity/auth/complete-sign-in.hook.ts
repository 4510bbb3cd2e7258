import type { LoginResponse } from '@app/contracts/auth';
import { useLocation, useNavigate } from 'react-router';
import { homeOf, readRedirect } from '../../../lib/session/addresses';
import { inSession } from '../../../lib/session/session-id';
import { signIn } from '../../../lib/session/sign-in';
import { welcomeSignedIn } from './welcome-sign-in';

/**
 * Stores a sign-in made inside the app (account validation, social sign-in on sign-up)
 * under its session id and opens it: the page asked for before sign-in (`redirect`), else
 * home (admin home for admins, business for the others). The guards then apply, e.g. a
 * forced password change. The light sign-in page does the same (src/auth/auth-flow.ts).
 */
export function useCompleteSignIn(): (response: LoginResponse) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (response) => {
    const account = signIn(response);
    welcomeSignedIn(account, response.user?.name ?? response.user?.username ?? '');
    const back = readRedirect(location.search);
    navigate(back ? inSession(account.sid, back) : homeOf(account), { replace: true });
  };
}
