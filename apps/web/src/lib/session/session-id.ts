const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const SESSION_ID_LENGTH = 6;

/**
 * First segments the route table uses for its own pages. A session id can never be one
 * of them, and one that looks like one is not read as a session.
 */
const RESERVED_SEGMENTS = new Set(['auth', 'error', 'platform', 'check', 'm', 'qrcode-preview', 'api', 'socket.io', 'medias']);

const SESSION_ID_PATTERN = /^[a-z0-9]{4,16}$/;

/**
 * A short random id for the first path segment (`/{sessionID}/...`): unambiguous
 * lower-case letters and digits so it can be read aloud or typed, always with a digit
 * so it can never spell a reserved word.
 */
export function createSessionId(random: (size: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  for (;;) {
    const bytes = random(SESSION_ID_LENGTH);
    const id = Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
    if (/\d/.test(id) && !RESERVED_SEGMENTS.has(id)) return id;
  }
}

export function isSessionId(value: string | undefined | null): value is string {
  return typeof value === 'string' && SESSION_ID_PATTERN.test(value) && !RESERVED_SEGMENTS.has(value);
}

/** The session id of an address (its first segment), or null on a public page. */
export function sessionIdFromPath(pathname: string): string | null {
  const first = pathname.split('/').filter(Boolean)[0];
  return isSessionId(first) ? first : null;
}

/** The address without its session segment, as the login page's `redirect` carries it. */
export function stripSessionSegment(pathname: string): string {
  const rest = pathname.split('/').filter(Boolean).slice(1).join('/');
  return '/' + rest;
}

/** An in-app path under a session: `inSession('ab12cd', '/business')` is `/ab12cd/business`. */
export function inSession(sessionId: string, path = '/'): string {
  const tail = path.replace(/^\/+/, '');
  return tail ? `/${sessionId}/${tail}` : `/${sessionId}`;
}
