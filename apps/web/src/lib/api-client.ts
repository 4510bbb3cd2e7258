import { currentLanguage, i18n } from '../i18n/i18n';
import type { ApiError } from './http-error';
import { createHttpClient, type RequestContext, type RequestSession } from './http';

type SessionGetter = () => RequestSession | null | undefined;
type SessionRenewer = (expired: RequestSession) => Promise<RequestSession | null>;
type ErrorListener = (error: ApiError, context: RequestContext) => void;

let getSession: SessionGetter = () => null;
let renewSession: SessionRenewer | null = null;
const listeners = new Set<ErrorListener>();

/** The account store plugs the current session in here (next issue: sign-in). */
export function setSessionGetter(getter: SessionGetter): void {
  getSession = getter;
}

/** The account store renews an expired access token here (a 498 answer; one retry). */
export function setSessionRenewer(renewer: SessionRenewer | null): void {
  renewSession = renewer;
}

/** Subscribes to every failed call, e.g. forced logout on 401/498/499; returns the unsubscribe. */
export function onApiError(listener: ErrorListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const LOGGED_STATUSES = new Set([400, 403, 404]);

/** The app's /api/v2 client. */
export const api = createHttpClient({
  getSession: () => getSession(),
  renewSession: (expired) => (renewSession ? renewSession(expired) : Promise.resolve(null)),
  getLanguage: currentLanguage,
  describeNoResponse: (kind, lng) => i18n.t(kind === 'timeout' ? 'errors:timeout' : 'errors:network', { lng }),
  onError: (error, context) => {
    // Section 8: these are logged by the transport only; screens decide what to show.
    if (LOGGED_STATUSES.has(error.status)) console.warn(`[api] ${error.status}: ${error.message}`);
    for (const listener of listeners) listener(error, context);
  },
});
