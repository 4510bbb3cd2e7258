import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import type { Config } from '../../../../config';
import { type ProviderIdentity, ProviderTokenError, ProviderUnavailableError } from './provider-identity';

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** One cached key set per JWKS address (jose refetches on an unknown `kid`). */
function keySetOf(url: string) {
  let keySet = keySets.get(url);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    keySets.set(url, keySet);
  }
  return keySet;
}

export function isGoogleEnabled(config: Config): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID);
}

/**
 * Verifies a Google ID token: RS256 signature against the provider's published keys,
 * issuer, audience (our client id) and expiry. Throws ProviderTokenError when any fails.
 */
export async function verifyGoogleIdToken(config: Config, idToken: string): Promise<ProviderIdentity> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keySetOf(config.GOOGLE_JWKS_URL), {
      algorithms: ['RS256'],
      issuer: config.GOOGLE_ISSUER.split(',').map((s) => s.trim()),
      audience: config.GOOGLE_CLIENT_ID,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch (error) {
    // A timeout, a failed fetch or a bad JWKS answer is the provider's trouble, not the token's.
    const keysUnavailable =
      error instanceof errors.JWKSTimeout ||
      (error instanceof errors.JOSEError && error.constructor === errors.JOSEError) ||
      (error instanceof TypeError && /fetch/i.test(error.message));
    if (keysUnavailable) {
      throw new ProviderUnavailableError('Google keys unreachable');
    }
    if (error instanceof errors.JOSEError) throw new ProviderTokenError(error.code);
    throw new ProviderUnavailableError(error instanceof Error ? error.message : String(error));
  }
  const claims = payload as JWTPayload & {
    email?: string;
    email_verified?: boolean | string;
    given_name?: string;
    family_name?: string;
  };
  return {
    provider: 'google',
    subject: String(claims.sub),
    email: claims.email ?? null,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    firstName: claims.given_name ?? null,
    lastName: claims.family_name ?? null,
  };
}
