/**
 * Path patterns of the web app (section 2 of the product description), shared so the
 * route table, guards, redirects sent by the server and e2e journeys agree on one
 * spelling. Patterns use React Router's `:param` syntax.
 */
export const WEB_ROUTES = {
  root: '/',
  auth: '/auth',
  authLogin: '/auth/login',
  authLogout: '/auth/logout',
  authCreateAccount: '/auth/create-account',
  authForgotPassword: '/auth/forgot-password',
  authForgotPasswordReset: '/auth/forgot-password-reset',
  authMobile: '/auth/mobile',
  privacyPolicy: '/platform/privacy-policy',
  termsAndConditions: '/platform/terms-and-conditions',
  qrcodePreview: '/qrcode-preview',
  error: '/error',
  errorCode: '/error/:code',
  checkInvoice: '/check/invoices/:code',
  publicLink: '/m/:type/:code',
  /** An uploaded file (export links): forwards to the last account's `sessionMedia`. */
  media: '/medias/:id',
  sessionAuth: '/:sessionID/auth',
  sessionLogout: '/:sessionID/auth/logout',
  sessionPasswordReset: '/:sessionID/auth/password-reset',
  sessionValidatePhone: '/:sessionID/auth/validate-phone',
  sessionLink: '/:sessionID/m/:type/:id/:code',
  switchCompany: '/:sessionID/switch-company/:company',
  sessionMedia: '/:sessionID/medias/:id',
  /** "J'ai un code d'invitation" (`INVITATION_CODE_PAGE`); `/{code}` opens one at once. */
  sessionInvitation: '/:sessionID/invitation',
  activities: '/:sessionID/activities',
  business: '/:sessionID/business',
  conversations: '/:sessionID/conversations',
  web: '/:sessionID/web',
  profile: '/:sessionID/profile',
  admin: '/:sessionID/mnt',
} as const;

/**
 * The in-session page that takes an invitation's code ("J'ai un code d'invitation"). Here,
 * not beside the company's schemas: the homes link to it and must not load zod for that.
 */
export const INVITATION_CODE_PAGE = '/invitation';

export type WebRouteName = keyof typeof WEB_ROUTES;

/**
 * The signed-out pages served by their own light entry (apps/web/auth.html, src/auth/):
 * sign-in, its mobile variant, sign-up and the two password pages. The server answers
 * auth.html for them (apps/api spaPageFor), the service worker does not answer them with the
 * shell, and the shell hands them over with a full page load. Logout stays in the shell.
 */
export const AUTH_ENTRY_PATHS: readonly string[] = [
  WEB_ROUTES.authLogin,
  WEB_ROUTES.authMobile,
  WEB_ROUTES.authCreateAccount,
  WEB_ROUTES.authForgotPassword,
  WEB_ROUTES.authForgotPasswordReset,
];

/** Whether a pathname (no query) is one of the light entry's pages (a trailing slash allowed). */
export function isAuthEntryPath(pathname: string): boolean {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return AUTH_ENTRY_PATHS.includes(path);
}

/**
 * The public answering page's addresses (apps/web/answer.html, src/answer/): public links
 * `/m/{type}/{code}`, the code entry page `/m` and anonymous contribution pages
 * `/web/surveys/...`. The server answers answer.html for them (apps/api spaPageFor), and the
 * service worker answers them with answer.html, never with the shell (src/sw.ts).
 */
export const ANSWER_ENTRY_PATTERN = /^\/m(?:\/|$)|^\/web\/surveys\//;

/** Whether a pathname (no query) is one of the answering page's addresses. */
export function isAnswerEntryPath(pathname: string): boolean {
  return ANSWER_ENTRY_PATTERN.test(pathname);
}

/**
 * Downloads by relative path (section 7): profile images, stored files and the sample
 * templates. The server answers a file or a 404 there.
 */
export const DOWNLOAD_PATH_PREFIXES: readonly string[] = ['/images', '/files', '/templates'];

/**
 * The paths the server answers itself, never with a page of the web app: the API, the
 * socket, the downloads and the build's hashed assets (`/assets`, a chunk of an older build
 * included). A missing file there is a 404, not the app shell with a 200 (apps/api's
 * not-found handler), and the service worker never answers a navigation there with the
 * shell (src/sw.ts): a download link opened in a tab reaches the server.
 */
export const SERVER_PATH_PREFIXES: readonly string[] = ['/api', '/socket.io', ...DOWNLOAD_PATH_PREFIXES, '/assets'];

/** Whether a path (a query allowed) is under one of `SERVER_PATH_PREFIXES`: the prefix itself or below it. */
export function isServerPath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0];
  return SERVER_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Query flag of the login page after a failed permission check (skips auto-redirect). */
export const FORCE_QUERY = 'force';
/** Query carrying the path to return to after sign-in. */
export const REDIRECT_QUERY = 'redirect';

/**
 * Fills a pattern's `:params`; a missing required param throws so a broken link is
 * found in tests, not by a user. `:param?` segments are dropped when absent.
 */
export function buildPath(pattern: string, params: Record<string, string | number> = {}): string {
  const path = pattern.replace(/\/:([A-Za-z0-9_]+)(\?)?/g, (_match, name: string, optional?: string) => {
    const value = params[name];
    if (value === undefined || value === '') {
      if (optional) return '';
      throw new Error(`Missing route param "${name}" for ${pattern}`);
    }
    return '/' + encodeURIComponent(String(value));
  });
  return path === '' ? '/' : path;
}
