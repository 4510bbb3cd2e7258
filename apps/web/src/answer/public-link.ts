import { isSurveyIdRef } from '@app/contracts/survey-ref';
import { targetKindOfLinkType } from '@app/contracts/targets';
import type { LinkContext } from './answer-types';

/** Query keys a public link carries over to the contribution page (section 2, "steps/can"). */
export const CARRIED_KEYS = ['ref', 'src', 'participant', 'participation', 'steps', 'can', 'target'] as const;

/** Public-link object types the answering page knows: `su` is a survey. */
const PAGE_TYPE_OF_LINK: Record<string, string> = { su: 'contribution' };

/** Path prefix of the anonymous contribution page (the signed-in one adds `/{sessionID}` before it). */
export const CONTRIBUTION_BASE = '/web/surveys';

/** Keeps only the carried keys, in their canonical order, dropping empty values. */
export function carriedQuery(search: string | URLSearchParams): URLSearchParams {
  const source = typeof search === 'string' ? new URLSearchParams(search) : search;
  const out = new URLSearchParams();
  for (const key of CARRIED_KEYS) {
    const value = source.get(key);
    if (value !== null && value.trim() !== '') out.set(key, value.trim());
  }
  return out;
}

export function readLinkContext(search: string | URLSearchParams): LinkContext {
  return Object.fromEntries(carriedQuery(search)) as LinkContext;
}

function withQuery(path: string, query: URLSearchParams): string {
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The contribution page of a survey code, e.g. `/web/surveys/contribution/AB12CD?ref=x`. */
export function contributionPath(code: string, search: string | URLSearchParams = '', sessionId?: string): string {
  const base = `${sessionId ? `/${encodeURIComponent(sessionId)}` : ''}${CONTRIBUTION_BASE}/contribution/${encodeURIComponent(code)}`;
  return withQuery(base, carriedQuery(search));
}

const segmentsOf = (pathname: string) =>
  pathname
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });

export type PublicLinkResolution =
  | { kind: 'rewrite'; to: string }
  /** A target's or a company's QR code: its landing page (target-landing.ts). */
  | { kind: 'target'; type: string; code: string; id?: string; sessionId?: string }
  /** `/m`: the page where anyone types a code. */
  | { kind: 'code' }
  | { kind: 'unknown'; type: string }
  | null;

/**
 * Section 2: `/m/{type}/{code}` (public) and `/{sessionID}/m/{type}/{id}/{code}` (signed
 * in) land on the contribution page of type contribution with ref, src, participant,
 * participation and steps/can carried over. Null when the path is not a public link;
 * `unknown` for a link type the page cannot open.
 */
export function resolvePublicLink(pathname: string, search = ''): PublicLinkResolution {
  const parts = segmentsOf(pathname);
  if (parts.length === 1 && parts[0] === 'm') return { kind: 'code' };
  let sessionId: string | undefined;
  let rest = parts;
  if (parts[0] !== 'm') {
    if (parts[1] !== 'm') return null;
    sessionId = parts[0];
    rest = parts.slice(1);
  }
  // Public: m/{type}/{code}; signed in: m/{type}/{id}/{code} (the code is the last segment).
  const expected = sessionId ? 4 : 3;
  if (rest.length !== expected && !(sessionId && rest.length === 3)) return null;
  const type = rest[1];
  const code = rest[rest.length - 1];
  if (targetKindOfLinkType(type)) {
    const id = sessionId && rest.length === 4 ? rest[2] : undefined;
    return { kind: 'target', type: type.toLowerCase(), code, ...(id && { id }), ...(sessionId && { sessionId }) };
  }
  if (!PAGE_TYPE_OF_LINK[type]) return { kind: 'unknown', type };
  return { kind: 'rewrite', to: contributionPath(code, search, sessionId) };
}

/**
 * The survey code of an anonymous contribution page address, or null. Digits alone are
 * a survey id, never a code (codes always hold a letter): the server answers ids only
 * to the company's agents, so the public page does not send them.
 */
export function contributionCodeOf(pathname: string): string | null {
  const parts = segmentsOf(pathname);
  if (parts.length !== 4 || parts[0] !== 'web' || parts[1] !== 'surveys' || parts[2] !== 'contribution') return null;
  return parts[3] && !isSurveyIdRef(parts[3]) ? parts[3] : null;
}
