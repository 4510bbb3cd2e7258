import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

/**
 * A local identity provider for the social sign-in tests: its own RSA keys and JWKS (as
 * Google publishes them) and a small Graph API (debug_token, me) as Facebook answers.
 * Tokens are verified by the real code against it; nothing is switched off.
 */
export interface LocalIdp {
  baseUrl: string;
  jwksUrl: string;
  graphUrl: string;
  issuer: string;
  clientId: string;
  appId: string;
  appSecret: string;
  /** An ID token signed with the provider's key; `claims` override the defaults. */
  signGoogleToken(claims?: JWTPayload & Record<string, unknown>, options?: { expiresInS?: number }): Promise<string>;
  /** The same, signed with a key the provider never published (same `kid`). */
  signWithForeignKey(claims?: JWTPayload & Record<string, unknown>): Promise<string>;
  /** Registers a Facebook user access token. */
  addFacebookToken(token: string, user: { id: string; name?: string; email?: string }, options?: { appId?: string; expiresAt?: number; valid?: boolean; meId?: string }): void;
  close(): Promise<void>;
}

export async function startLocalIdp(): Promise<LocalIdp> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const issuer = 'https://accounts.google.com';
  const clientId = 'local-client.apps.googleusercontent.com';
  const appId = '424242';
  const appSecret = 'local-app-secret';
  const fbTokens = new Map<string, { user: { id: string; name?: string; email?: string }; appId: string; expiresAt: number; valid: boolean; meId?: string }>();

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/jwks') return send(200, { keys: [jwk] });
    if (url.pathname === '/graph/debug_token') {
      if (url.searchParams.get('access_token') !== `${appId}|${appSecret}`) return send(400, { error: { message: 'bad app token' } });
      const entry = fbTokens.get(url.searchParams.get('input_token') ?? '');
      if (!entry) return send(200, { data: { is_valid: false } });
      return send(200, {
        data: { is_valid: entry.valid, app_id: entry.appId, user_id: entry.user.id, expires_at: entry.expiresAt },
      });
    }
    if (url.pathname === '/graph/me') {
      const entry = fbTokens.get(url.searchParams.get('access_token') ?? '');
      if (!entry) return send(400, { error: { message: 'invalid token' } });
      return send(200, { ...entry.user, id: entry.meId ?? entry.user.id });
    }
    send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function build(claims: Record<string, unknown>, expiresInS: number) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1' })
      .setIssuer((claims.iss as string) ?? issuer)
      .setAudience((claims.aud as string) ?? clientId)
      .setSubject((claims.sub as string) ?? '1000')
      .setIssuedAt(now - 10)
      .setExpirationTime(now + expiresInS);
  }

  return {
    baseUrl,
    jwksUrl: `${baseUrl}/jwks`,
    graphUrl: `${baseUrl}/graph`,
    issuer,
    clientId,
    appId,
    appSecret,
    signGoogleToken: (claims = {}, options = {}) => build(claims, options.expiresInS ?? 3600).sign(privateKey),
    signWithForeignKey: (claims = {}) => build(claims, 3600).sign(foreign.privateKey),
    addFacebookToken(token, user, options = {}) {
      fbTokens.set(token, {
        user,
        appId: options.appId ?? appId,
        expiresAt: options.expiresAt ?? Math.floor(Date.now() / 1000) + 3600,
        valid: options.valid ?? true,
        meId: options.meId,
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
