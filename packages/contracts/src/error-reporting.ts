/**
 * Error reporting (Sentry), shared by the API and the web app: the sampling figures of the
 * product spec (section 9), the release channels that show the feedback widget, and the one
 * list of rules that keeps personal data out of every event, transaction and breadcrumb.
 *
 * The scrubber works on plain objects (an event as the SDKs hand it to beforeSend), so this
 * package needs no SDK. It errs on the side of removing: a debugging detail lost is cheaper
 * than an answer, a token or a one-time code kept in a third party's store.
 */

/** Spec section 9: every trace, one session in ten replayed, every session with an error replayed. */
export const ERROR_REPORTING_SAMPLING = {
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
} as const;

export const RELEASE_CHANNELS = ['dev', 'alpha', 'beta', 'production'] as const;
export type ReleaseChannel = (typeof RELEASE_CHANNELS)[number];

/** A build setting's value as a channel; anything unknown counts as production (no widget). */
export function releaseChannelOf(value: string | undefined | null): ReleaseChannel {
  const v = (value ?? '').trim().toLowerCase();
  return (RELEASE_CHANNELS as readonly string[]).includes(v) ? (v as ReleaseChannel) : 'production';
}

/** The feedback widget appears only in dev, alpha and beta builds. */
export function feedbackWidgetEnabled(channel: ReleaseChannel): boolean {
  return channel !== 'production';
}

export const FILTERED = '[Filtered]';

/**
 * Keys whose value is removed wherever they appear (headers, bodies, query strings, extras,
 * breadcrumb data), compared without case, dashes or underscores:
 * - credentials: authorization, cookies, every kind of token, passwords, keys, secrets;
 * - one-time codes and PINs (sign-up, password reset, payment PINs);
 * - contact details people type: e-mail, phone, MSISDN;
 * - answers: a submission's answers/values and whatever a question collects (text, files,
 *   signature, position).
 */
export const SENSITIVE_KEYS = [
  'authorization',
  'proxyauthorization',
  'cookie',
  'cookies',
  'setcookie',
  'token',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'bearer',
  'jwt',
  'session',
  'sessionid',
  'xapikey',
  'apikey',
  'secret',
  'clientsecret',
  'password',
  'passwordconfirmation',
  'currentpassword',
  'newpassword',
  'oldpassword',
  'pass',
  'code',
  'otp',
  'pin',
  'verificationcode',
  'resetcode',
  'email',
  'mail',
  'phone',
  'phonenumber',
  'telephone',
  'msisdn',
  'mobile',
  'login',
  'identifier',
  'answers',
  'answer',
  'values',
  'value',
  'response',
  'responses',
  'text',
  'comment',
  'signature',
  'position',
  'latitude',
  'longitude',
  'file',
  'files',
] as const;

const SENSITIVE = new Set<string>(SENSITIVE_KEYS);
const normalizeKey = (key: string) => key.toLowerCase().replace(/[-_\s]/g, '');

/** Whether a key's value must never leave the process. Also catches `x-auth-token`, `refresh_token_hash`, `user_email`. */
export function isSensitiveKey(key: string): boolean {
  const k = normalizeKey(key);
  return SENSITIVE.has(k) || /(token|password|secret|cookie|authorization|apikey|email|phone|otp)/.test(k);
}

/** Patterns removed from any free text (error messages, breadcrumb messages, span names). */
const TEXT_RULES: Array<[RegExp, string]> = [
  // Authorization values.
  [/\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${FILTERED}`],
  // JWTs anywhere (access and refresh tokens of this API).
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, FILTERED],
  // key=value pairs naming a secret, as in query strings and log lines.
  [
    /\b((?:access_|refresh_|id_)?token|password|code|otp|pin|secret|api_key|email|phone|login)(=|:\s*)([^\s&;,"']+)/gi,
    `$1$2${FILTERED}`,
  ],
  // E-mail addresses.
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, FILTERED],
  // Phone numbers: an international prefix, or nine digits and more (Cameroon numbers are nine).
  [/\+\d[\d\s.-]{6,}\d/g, FILTERED],
  [/(?<![\w-])\d(?:[\s.-]?\d){8,14}(?![\w-])/g, FILTERED],
];

/** Free text with credentials, codes, e-mails and phone numbers removed. */
export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_RULES) out = out.replace(pattern, replacement);
  return out;
}

/** A URL (absolute or a path) whose query values with sensitive names are removed, and whose other text is scrubbed. */
export function scrubUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return scrubText(url);
  const hashAt = url.indexOf('#', q);
  const query = url.slice(q + 1, hashAt < 0 ? undefined : hashAt);
  return `${scrubText(url.slice(0, q))}?${scrubQueryString(query)}`;
}

/** `a=1&code=123456` → `a=1&code=[Filtered]`; other values are scrubbed as text. */
export function scrubQueryString(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // a malformed escape: judge the raw name
      }
      // `answers[12]=...` and `data.email=...` are judged by every part of the name.
      const parts = name.split(/[[\].]+/).filter(Boolean);
      const sensitive = parts.some(isSensitiveKey);
      return `${pair.slice(0, eq)}=${sensitive ? FILTERED : scrubText(pair.slice(eq + 1))}`;
    })
    .join('&');
}

const MAX_DEPTH = 12;

/** Any value with sensitive keys' values replaced and every string scrubbed, to any depth. */
export function scrubData(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return looksLikeUrl(value) ? scrubUrl(value) : scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return FILTERED;
  if (Array.isArray(value)) {
    // [name, value] pairs (query strings and headers in some SDK shapes).
    if (value.length === 2 && typeof value[0] === 'string' && isSensitiveKey(value[0])) return [value[0], FILTERED];
    return value.map((item) => scrubData(item, depth + 1));
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    out[key] = isSensitiveKey(key) ? FILTERED : scrubData(item, depth + 1);
  }
  return out;
}

function looksLikeUrl(text: string): boolean {
  return /^(https?:\/\/|\/)[^\s]*\?/.test(text);
}

/** The parts of a Sentry event this scrubber reads; the rest is passed through untouched. */
export interface ScrubbableEvent {
  message?: string;
  transaction?: string;
  exception?: { values?: Array<{ value?: string; stacktrace?: { frames?: Array<{ vars?: unknown }> } }> };
  request?: { url?: string; query_string?: unknown; headers?: unknown; cookies?: unknown; data?: unknown; env?: unknown };
  user?: { id?: string | number; [key: string]: unknown };
  extra?: unknown;
  contexts?: unknown;
  tags?: unknown;
  breadcrumbs?: ScrubbableBreadcrumb[];
  spans?: Array<{ description?: string; data?: unknown }>;
  logentry?: { message?: string; params?: unknown[] };
}

export interface ScrubbableBreadcrumb {
  message?: string;
  data?: unknown;
}

/** A breadcrumb without personal data (beforeBreadcrumb, and the breadcrumbs inside an event). */
export function scrubBreadcrumb<B extends ScrubbableBreadcrumb>(crumb: B): B {
  const out = { ...crumb };
  if (typeof out.message === 'string') out.message = scrubText(out.message);
  if (out.data !== undefined) out.data = scrubData(out.data);
  return out;
}

/**
 * An event (error or transaction) without personal data: request headers, cookies, body and
 * query, the user reduced to an id, messages and breadcrumbs scrubbed, local variables of
 * stack frames dropped. Returns the same object, changed in place.
 */
export function scrubEvent<E extends ScrubbableEvent>(event: E): E {
  if (event.message) event.message = scrubText(event.message);
  if (event.logentry?.message) event.logentry.message = scrubText(event.logentry.message);
  if (event.logentry?.params) event.logentry.params = scrubData(event.logentry.params) as unknown[];
  if (event.transaction) event.transaction = scrubUrl(event.transaction);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = scrubText(exception.value);
    for (const frame of exception.stacktrace?.frames ?? []) delete frame.vars;
  }
  const request = event.request;
  if (request) {
    if (request.url) request.url = scrubUrl(request.url);
    if (typeof request.query_string === 'string') request.query_string = scrubQueryString(request.query_string);
    else if (request.query_string !== undefined) request.query_string = scrubData(request.query_string);
    if (request.headers !== undefined) request.headers = scrubData(request.headers);
    if (request.data !== undefined) request.data = typeof request.data === 'string' ? scrubJsonText(request.data) : scrubData(request.data);
    delete request.cookies;
    delete request.env;
  }
  if (event.user) event.user = event.user.id === undefined ? {} : { id: event.user.id };
  if (event.extra !== undefined) event.extra = scrubData(event.extra);
  if (event.contexts !== undefined) event.contexts = scrubData(event.contexts);
  if (event.tags !== undefined) event.tags = scrubData(event.tags);
  if (event.breadcrumbs) event.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  for (const span of event.spans ?? []) {
    if (span.description) span.description = scrubUrl(span.description);
    if (span.data !== undefined) span.data = scrubData(span.data);
  }
  return event;
}

/** A request body the SDK kept as text: scrubbed as JSON when it is JSON, else as form or free text. */
function scrubJsonText(body: string): string {
  try {
    return JSON.stringify(scrubData(JSON.parse(body)));
  } catch {
    return body.includes('=') && !/\s/.test(body) ? scrubQueryString(body) : scrubText(body);
  }
}
