import { API_PREFIX, APP_TYPE } from '@app/contracts/constants';
import type { QueryObject } from '@app/contracts/query-object';
import { currentLanguage, i18n } from '../../../i18n/i18n';
import { buildUrl, type RequestSession } from '../../../lib/http';
import { apiErrorFromResponse, ApiError } from '../../../lib/http-error';
import { requestSessionOf } from '../../../lib/session/account-model';
import { accounts } from '../../../lib/session/account-store';
import { renewForRequest } from '../../../lib/session/session-service';
import { sessionIdFromPath } from '../../../lib/session/session-id';

export interface DownloadRequest {
  method?: 'GET' | 'POST';
  query?: QueryObject | Record<string, unknown>;
  body?: unknown;
  /** Used when the server sends no file name. */
  fallbackName: string;
}

/**
 * The file name of a Content-Disposition header: the RFC 5987 `filename*` when present
 * (accents survive), else the plain `filename`; null without one.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Falls through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  if (!plain) return null;
  return (plain[2] ?? plain[1]).trim() || null;
}

function currentSession(): RequestSession | null {
  const account = accounts.get(sessionIdFromPath(window.location.pathname));
  return account ? requestSessionOf(account) : null;
}

function headersFor(session: RequestSession | null, hasBody: boolean): Headers {
  const headers = new Headers({ 'App-Type': APP_TYPE, 'App-Env': 'production', 'Accept-Language': currentLanguage() });
  if (hasBody) headers.set('Content-Type', 'application/json');
  if (session) {
    headers.set('Authorization', `Bearer ${session.token}`);
    headers.set('userID', String(session.userId));
    if (session.agentId !== undefined && session.agentId !== null) headers.set('Agent-id', String(session.agentId));
  }
  return headers;
}

async function errorOf(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the status message stands.
  }
  return apiErrorFromResponse(response.status, body, currentLanguage());
}

/**
 * Fetches a file from the API with the account's credentials (exports, QR codes): the
 * JSON client would read it as text. An expired token (498) is renewed once.
 */
export async function fetchApiFile(path: string, request: DownloadRequest): Promise<{ blob: Blob; name: string }> {
  const url = buildUrl(API_PREFIX, path, request.query);
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  let session = currentSession();
  const send = (s: RequestSession | null) =>
    fetch(url, { method: request.method ?? 'GET', headers: headersFor(s, body !== undefined), body }).catch((cause) => {
      throw new ApiError({ status: 0, kind: 'network', message: i18n.t('errors:network'), cause });
    });
  let response = await send(session);
  if (response.status === 498 && session) {
    session = await renewForRequest(session);
    if (session) response = await send(session);
  }
  if (!response.ok) throw await errorOf(response);
  const name = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? request.fallbackName;
  return { blob: await response.blob(), name };
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

/** Fetches then saves an API file; resolves the saved name. */
export async function downloadApiFile(path: string, request: DownloadRequest): Promise<string> {
  const { blob, name } = await fetchApiFile(path, request);
  saveBlob(blob, name);
  return name;
}
