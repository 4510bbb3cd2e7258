/** What a verified provider token tells about the person. */
export interface ProviderIdentity {
  provider: 'google' | 'facebook';
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

/** The provider refused the token (bad signature, audience, expiry, ...): a 401 for the client. */
export class ProviderTokenError extends Error {}

/** The provider could not be reached or answered nonsense: a 502 for the client. */
export class ProviderUnavailableError extends Error {}
