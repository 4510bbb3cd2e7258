import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new endpoint secret: shown once to the company, used to sign every delivery. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/**
 * The signature of a delivery: `v1=` + hex HMAC-SHA256 of `{timestamp}.{body}` with the
 * endpoint's secret. The timestamp (Unix seconds) is signed too, so a receiver that
 * refuses old timestamps cannot be replayed an old delivery.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does (documented in API.md; the tests' receiver uses it). */
export function verifyWebhook(secret: string, timestamp: string, body: string, signature: string, options: { toleranceS?: number; nowS?: number } = {}): boolean {
  const ts = Number(timestamp);
  const now = options.nowS ?? Math.floor(Date.now() / 1000);
  if (!Number.isSafeInteger(ts) || Math.abs(now - ts) > (options.toleranceS ?? 300)) return false;
  const expected = Buffer.from(signWebhook(secret, ts, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
