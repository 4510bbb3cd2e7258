import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random opaque token: `bytes` of entropy (32 = 256 bits), base64url. */
export function generateToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** What the database keeps of a token: its SHA-256 (the token itself is never stored). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Tokens we issue are base64url of 32 bytes; anything else is rejected before any query. */
export function looksLikeToken(value: string): boolean {
  return value.length >= 20 && value.length <= 128 && /^[A-Za-z0-9_-]+$/.test(value);
}

/** A six-digit one-time code, uniformly drawn. */
export function generateOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Salted SHA-256 of a code, `salt:hex`; six digits are short-lived, so a slow hash buys nothing. */
export function hashOtpCode(code: string): string {
  const salt = randomBytes(12).toString('base64url');
  return `${salt}:${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

export function otpCodeMatches(stored: string, code: string): boolean {
  const [salt, hex] = stored.split(':');
  if (!salt || !hex) return false;
  const actual = Buffer.from(createHash('sha256').update(`${salt}:${code}`).digest('hex'));
  const expected = Buffer.from(hex);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
