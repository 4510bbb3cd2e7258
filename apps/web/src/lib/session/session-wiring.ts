import { setSessionGetter, setSessionRenewer, onApiError } from '../api-client';
import { requestSessionOf } from './account-model';
import { accounts } from './account-store';
import { notifySessionEnded, onSessionEnded } from './session-events';
import { inSession, sessionIdFromPath } from './session-id';
import { followChosenLanguage } from './account-language';
import { renewForRequest, resumeOnline } from './session-service';

const CREDENTIALS_LOST = new Set([401, 498, 499]);

/** The account of a call that failed: by the token it carried, else the address's if the user matches. */
function sidOfCall(session: { token: string; userId: string | number }, pathname: string): string | null {
  const byToken = accounts.findByToken(session.token);
  if (byToken) return byToken.sid;
  const sid = sessionIdFromPath(pathname);
  const shown = accounts.get(sid);
  return shown && String(shown.usr.id) === String(session.userId) ? shown.sid : null;
}

/**
 * Connects the session store to the transport and the router, once at start-up:
 *  - calls carry the account of the address's first segment (Bearer, userID, Agent-id);
 *  - a 498 renews that account once (http.ts replays the call);
 *  - 401, 499, or 498 after a failed renewal: the session state machine disconnects it
 *    and a page showing it goes to its forced-logout page (section 8);
 *  - no answer: the state machine records it (section 8: error state);
 *  - changes made by other tabs are followed.
 */
export interface SessionRouting {
  navigate: (to: string) => void;
  /**
   * True while the router is loading a page: its guard is then deciding where a dead
   * session goes (sign-in with redirect), and a second navigation would race it.
   */
  isRouting?: () => boolean;
}

export function installSessionHandling(routing: SessionRouting, location: Pick<Location, 'pathname'> = window.location) {
  setSessionGetter(() => {
    const account = accounts.get(sessionIdFromPath(location.pathname));
    return account ? requestSessionOf(account) : null;
  });
  setSessionRenewer(renewForRequest);

  const stopErrors = onApiError((error, context) => {
    if (!context.session) return;
    const sid = sidOfCall(context.session, location.pathname);
    if (!sid) return;
    if (CREDENTIALS_LOST.has(error.status)) {
      accounts.dispatch(sid, { type: 'failed', status: error.status });
      notifySessionEnded(sid);
    } else if (error.status === 0 && error.kind !== 'aborted') {
      accounts.dispatch(sid, { type: 'failed', status: 0 });
    }
  });

  const stopEnded = onSessionEnded((sid) => {
    const shown = sessionIdFromPath(location.pathname);
    if (shown !== sid || location.pathname.startsWith(inSession(sid, '/auth/logout'))) return;
    if (routing.isRouting?.()) return;
    routing.navigate(`${inSession(sid, '/auth/logout')}?force=true`);
  });

  const stopTabs = accounts.followOtherTabs();
  const stopLanguage = followChosenLanguage(location);
  const stopNetwork = followNetwork();
  return () => {
    stopLanguage();
    stopNetwork();
    stopErrors();
    stopEnded();
    stopTabs();
    setSessionRenewer(null);
  };
}

/**
 * Offline, every signed-in account of this browser shows "hors ligne" and keeps its
 * stored data (never a sign-out); back online, the ones that were offline or failing are
 * renewed and reloaded (resumeOnline), which also tells a revoked one it is over.
 */
export function followNetwork(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const onOffline = () => {
    for (const account of accounts.list()) accounts.dispatch(account.sid, { type: 'wentOffline' });
  };
  const onOnline = () => {
    for (const account of accounts.list()) {
      const state = accounts.stateOf(account.sid);
      if (state === 'networkError' || state === 'error') void resumeOnline(account.sid);
    }
  };
  target.addEventListener('offline', onOffline);
  target.addEventListener('online', onOnline);
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onOffline();
  return () => {
    target.removeEventListener('offline', onOffline);
    target.removeEventListener('online', onOnline);
  };
}
