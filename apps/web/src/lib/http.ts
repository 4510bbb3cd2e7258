// Per-file imports: the contracts barrel also carries zod schemas the shell does not need.
import { API_PREFIX, API_RETRIES, API_TIMEOUT_MS, APP_TYPE } from '@app/contracts/constants';
import type { ListMeta } from '@app/contracts/envelope';
import type { QueryObject } from '@app/contracts/query-object';
import { encodeQuery } from '@app/contracts/query-encode';
import { ApiError, type ApiErrorKind, apiErrorFromResponse } from './http-error';
import { isIdempotent, isRetryableFailure, retryDelayMs } from './http-retry';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the transport needs from the signed-in account; the account store supplies it. */
export interface RequestSession {
  token: string;
  userId: string | number;
  /** Omitted for admins (API.md): it selects the active company of other users. */
  agentId?: string | number | null;
}

export interface HttpClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Read on every request so a session change needs no new client. */
  getSession?: () => RequestSession | null | undefined;
  getLanguage?: () => string;
  /** User-facing text for a call that got no answer (network failure or timeout). */
  describeNoResponse: (kind: Exclude<ApiErrorKind, 'http'>, locale: string) => string;
  /** Sees every final error, e.g. to log out on 401/498/499 or flag a lost connection. */
  onError?: (error: ApiError, context: RequestContext) => void;
  /**
   * Called once when a call answers 498 (access token expired): resolves the renewed
   * session to retry with, or null when it could not be renewed (the 498 then stands).
   */
  renewSession?: (expired: RequestSession) => Promise<RequestSession | null>;
  timeoutMs?: number;
  retries?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface RequestOptions {
  /** Query object (Bruno format) or plain params, encoded as a bracket query string. */
  query?: QueryObject | Record<string, unknown>;
  /** FormData travels as multipart; anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * The account to call as, instead of the one `getSession` finds (e.g. a guard loading
   * the account of the page being navigated to, while the address still shows the old one).
   * `null` sends no credentials.
   */
  session?: RequestSession | null;
}

/** What an error listener learns about the failed call. */
export interface RequestContext {
  method: HttpMethod;
  path: string;
  /** The credentials the call carried (after a renewal, the renewed ones). */
  session: RequestSession | null;
}

export interface ApiResponse<T> {
  data: T;
  meta?: ListMeta;
  message?: string;
}

export interface HttpClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  list<T>(path: string, query?: QueryObject, options?: RequestOptions): Promise<{ data: T[]; meta?: ListMeta }>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

type Attempt =
  | { answered: true; response: Response; body: unknown }
  | { answered: false; kind: Exclude<ApiErrorKind, 'http'>; cause: unknown };

/** Timeouts are not retried: five more waits of two minutes would hang the screen. */
/** The browser says it has no network at all: retrying would only delay the offline screen. */
const knownOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function shouldRetry(outcome: Attempt): boolean {
  if (!outcome.answered) return outcome.kind === 'network' && !knownOffline();
  return !outcome.response.ok && isRetryableFailure(outcome.response.status);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function buildUrl(baseUrl: string, path: string, query?: RequestOptions['query']): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const encoded = query ? encodeQuery(query as QueryObject) : '';
  if (!encoded) return url;
  return url + (url.includes('?') ? '&' : '?') + encoded;
}

function buildHeaders(options: RequestOptions, session: RequestSession | null | undefined, language: string): Headers {
  const headers = new Headers({
    Accept: 'application/json',
    'App-Type': APP_TYPE,
    'App-Env': 'production',
    'Accept-Language': language,
  });
  if (session) {
    headers.set('Authorization', `Bearer ${session.token}`);
    headers.set('userID', String(session.userId));
    if (session.agentId !== undefined && session.agentId !== null) headers.set('Agent-id', String(session.agentId));
  }
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return headers;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined || body === null) return undefined;
  // The browser writes the multipart boundary itself; setting Content-Type would break it.
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) return body;
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function unwrap<T>(body: unknown): ApiResponse<T> {
  if (typeof body === 'object' && body !== null && 'data' in body) {
    const envelope = body as { data: T; meta?: ListMeta; message?: string };
    return { data: envelope.data, meta: envelope.meta, message: envelope.message };
  }
  return { data: body as T };
}

/** Builds the /api/v2 client; the app's configured instance lives in api-client.ts. */
export function createHttpClient(config: HttpClientOptions): HttpClient {
  const doFetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = config.baseUrl ?? API_PREFIX;
  const maxRetries = config.retries ?? API_RETRIES;
  const sleep = config.sleep ?? defaultSleep;
  const getLanguage = config.getLanguage ?? (() => 'fr');

  const fail = (error: ApiError, context: RequestContext): never => {
    config.onError?.(error, context);
    throw error;
  };

  /** One attempt under its own timeout; the caller's signal still cancels it. */
  async function attempt(url: string, init: RequestInit, timeoutMs: number, outer?: AbortSignal): Promise<Attempt> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forward = () => controller.abort();
    if (outer?.aborted) forward();
    else outer?.addEventListener('abort', forward, { once: true });
    try {
      const response = await doFetch(url, { ...init, signal: controller.signal });
      return { answered: true, response, body: await readBody(response) };
    } catch (cause) {
      return { answered: false, kind: timedOut ? 'timeout' : outer?.aborted ? 'aborted' : 'network', cause };
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    }
  }

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const session = options.session !== undefined ? options.session : (config.getSession?.() ?? null);
    try {
      return await send<T>(method, path, options, session);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // API.md: an expired access token (498) is renewed once, then the call is replayed.
      if (error.status !== 498 || !session || !config.renewSession) return fail(error, { method, path, session });
      const renewed = await config.renewSession(session).catch(() => null);
      if (!renewed) return fail(error, { method, path, session });
      try {
        return await send<T>(method, path, options, renewed);
      } catch (retryError) {
        if (!(retryError instanceof ApiError)) throw retryError;
        return fail(retryError, { method, path, session: renewed });
      }
    }
  }

  async function send<T>(
    method: HttpMethod,
    path: string,
    options: RequestOptions,
    session: RequestSession | null,
  ): Promise<ApiResponse<T>> {
    const url = buildUrl(baseUrl, path, options.query);
    const headers = buildHeaders(options, session, getLanguage());
    const body = method === 'GET' || method === 'HEAD' ? undefined : encodeBody(options.body, headers);
    const retries = isIdempotent(method, headers) ? maxRetries : 0;
    const timeoutMs = options.timeoutMs ?? config.timeoutMs ?? API_TIMEOUT_MS;

    for (let attemptNo = 0; ; attemptNo++) {
      const outcome = await attempt(url, { method, headers, body }, timeoutMs, options.signal);
      if (attemptNo < retries && shouldRetry(outcome)) {
        const retryAfter = outcome.answered ? outcome.response.headers.get('Retry-After') : null;
        await sleep(retryDelayMs(attemptNo, retryAfter, config.random));
        continue;
      }
      if (!outcome.answered) {
        const message = config.describeNoResponse(outcome.kind, getLanguage());
        throw new ApiError({ status: 0, kind: outcome.kind, message, cause: outcome.cause });
      }
      const { response, body: payload } = outcome;
      if (!response.ok || (payload as { success?: unknown } | undefined)?.success === false) {
        throw apiErrorFromResponse(response.status, payload, getLanguage());
      }
      return unwrap<T>(payload);
    }
  }

  return {
    request,
    get: async (path, options) => (await request<any>('GET', path, options)).data,
    list: async (path, query, options) => {
      const { data, meta } = await request<any[]>('GET', path, { ...options, query: query ?? options?.query });
      return { data: data ?? [], meta };
    },
    post: async (path, body, options) => (await request<any>('POST', path, { ...options, body })).data,
    delete: async (path, options) => (await request<any>('DELETE', path, options)).data,
  };
}
