import { FORCE_QUERY, REDIRECT_QUERY, WEB_ROUTES } from '@app/contracts/routes';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { accounts } from '../lib/session/account-store';
import { ensureSession, lastUsableAccount, signOut } from '../lib/session/session-service';
import { homeOf, loginRedirect } from '../lib/session/addresses';
import { decide, type RouteRule } from './guards';
import { inSession } from '../lib/session/session-id';

export const FORBIDDEN_PATH = '/error/403';

/**
 * The loader that applies `decide` to a route before it renders: it first starts the
 * session of the address (section 4: a valid token loads the current user), then
 * redirects, sends a refused visitor to /error/403, or lets the page load.
 */
export function guard(rule: RouteRule) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const sid = params.sessionID ?? '';
    const account =
      rule.access === 'signedIn' ? await ensureSession(sid) : rule.access === 'guest' ? lastUsableAccount() : null;
    let decision: ReturnType<typeof decide>;
    try {
      decision = decide({ ...rule, pathname: url.pathname, search: url.search, action: params.action }, account, Date.now());
    } catch {
      // Section 6: a check that throws clears the account and goes to sign-in.
      if (sid) await signOut(sid, { force: true });
      throw redirect(loginRedirect(url.pathname, url.search));
    }
    if (decision.kind === 'redirect') throw redirect(decision.to);
    if (decision.kind === 'forbidden') throw redirect(FORBIDDEN_PATH);
    if (account && rule.access === 'signedIn') accounts.markUsed(account.sid);
    return null;
  };
}

/** `/{sessionID}`: the account's home, or sign-in when the session is gone. */
export async function sessionIndexLoader({ params, request }: LoaderFunctionArgs) {
  const account = await ensureSession(params.sessionID ?? '');
  const url = new URL(request.url);
  if (!account) throw redirect(loginRedirect(url.pathname, url.search));
  throw redirect(homeOf(account));
}

/**
 * `/medias/{id}` (the links of exports, which cannot know a session): the same page in
 * the account last used, or sign-in first and back to it.
 */
export function mediaForwardLoader({ params, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const path = `/medias/${encodeURIComponent(params.id ?? '')}${url.search}`;
  const account = lastUsableAccount();
  if (account) throw redirect(inSession(account.sid, path));
  const query = new URLSearchParams({ [REDIRECT_QUERY]: path, [FORCE_QUERY]: 'true' });
  throw redirect(`${WEB_ROUTES.authLogin}?${query.toString()}`);
}

/**
 * `/{sessionID}/auth` (section 2: empty, sign-in required): the account's home, as
 * sign-in would send it, or sign-in first (rule 1) when the session is gone.
 */
export const sessionAuthIndexLoader = sessionIndexLoader;

/**
 * `/{sessionID}/auth/logout` (sign-in required): ends a signed-in session; a session that
 * is not (or no longer) signed in has nothing to end and goes to sign-in, with no way
 * back to this page. `?force=true` is the forced logout page of section 2, shown when the
 * server already ended the session: public.
 */
export async function sessionLogoutLoader({ params, request }: LoaderFunctionArgs) {
  if (new URL(request.url).searchParams.get(FORCE_QUERY) === 'true') return null;
  const account = await ensureSession(params.sessionID ?? '');
  if (!account) throw redirect(WEB_ROUTES.authLogin);
  return null;
}
