import type { Config } from '../../../../config';
import { type ProviderIdentity, ProviderTokenError, ProviderUnavailableError } from './provider-identity';

export function isFacebookEnabled(config: Config): boolean {
  return Boolean(config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET);
}

async function getJson(url: URL): Promise<any> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(5000) });
  } catch (error) {
    throw new ProviderUnavailableError(error instanceof Error ? error.message : String(error));
  }
  if (response.status >= 500) throw new ProviderUnavailableError(`Graph API answered ${response.status}`);
  const body = await response.json().catch(() => null);
  if (!response.ok || !body) throw new ProviderTokenError(`Graph API answered ${response.status}`);
  return body;
}

function graphUrl(config: Config, path: string, params: Record<string, string>): URL {
  const url = new URL(`${config.FACEBOOK_GRAPH_URL.replace(/\/$/, '')}/${path}`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url;
}

/**
 * Verifies a Facebook user access token with the Graph API: `debug_token` (with our app
 * token) must say it is valid, issued for our app and not expired; `me` gives the
 * profile, whose id must be the token's user.
 */
export async function verifyFacebookAccessToken(config: Config, accessToken: string): Promise<ProviderIdentity> {
  const appToken = `${config.FACEBOOK_APP_ID}|${config.FACEBOOK_APP_SECRET}`;
  const debug = await getJson(graphUrl(config, 'debug_token', { input_token: accessToken, access_token: appToken }));
  const data = debug?.data ?? {};
  const expiresAt = Number(data.expires_at ?? 0);
  if (data.is_valid !== true) throw new ProviderTokenError('token not valid');
  if (String(data.app_id) !== config.FACEBOOK_APP_ID) throw new ProviderTokenError('token of another app');
  if (expiresAt !== 0 && expiresAt * 1000 <= Date.now()) throw new ProviderTokenError('token expired');
  if (!data.user_id) throw new ProviderTokenError('token without user');
  const me = await getJson(
    graphUrl(config, 'me', { fields: 'id,name,email,first_name,last_name', access_token: accessToken }),
  );
  if (String(me.id) !== String(data.user_id)) throw new ProviderTokenError('profile of another user');
  return {
    provider: 'facebook',
    subject: String(me.id),
    email: typeof me.email === 'string' ? me.email : null,
    // Facebook only returns confirmed addresses.
    emailVerified: typeof me.email === 'string',
    firstName: me.first_name ?? (typeof me.name === 'string' ? me.name : null),
    lastName: me.last_name ?? null,
  };
}
