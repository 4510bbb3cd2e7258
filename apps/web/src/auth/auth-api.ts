import type { AuthProviders, LoginResponse, PasswordTokenResponse } from '@app/contracts/auth';
import { getDeviceRef } from '../lib/device-ref';
import { createHttpClient, type HttpClient } from '../lib/http';
import type { AuthWords } from './auth-words';

/**
 * The calls of the sign-in and password pages, made before any account exists in the page
 * (no credentials), through the app's HTTP client (same headers, retries, error envelope)
 * but without its session wiring and i18next.
 */
export interface AuthApi {
  login(input: { login: string; password: string }): Promise<LoginResponse>;
  requestPasswordToken(login: string): Promise<PasswordTokenResponse>;
  resetPassword(resetId: string, input: { code: string; password: string; password_confirmation: string }): Promise<{ reset: true }>;
  providers(): Promise<AuthProviders>;
  googleLogin(credential: string): Promise<LoginResponse>;
  facebookLogin(accessToken: string): Promise<LoginResponse>;
}

const anonymous = { session: null } as const;

export function createAuthApi(context: { language: () => string; words: () => AuthWords }, client?: HttpClient): AuthApi {
  const http =
    client ??
    createHttpClient({
      getLanguage: context.language,
      describeNoResponse: (kind) => (kind === 'timeout' ? context.words().errors.timeout : context.words().errors.network),
    });
  const device = () => ({ ref: getDeviceRef() });
  return {
    login: (input) => http.post('auth/login', { ...input, device: device() }, anonymous),
    requestPasswordToken: (login) => http.post('auth/request-password-token', { login }, anonymous),
    resetPassword: (resetId, input) => http.post(`auth/reset-password/${encodeURIComponent(resetId)}`, input, anonymous),
    providers: () => http.get('auth/providers', anonymous),
    googleLogin: (credential) => http.post('auth/google_login', { credential, device: device() }, anonymous),
    facebookLogin: (accessToken) => http.post('auth/facebook_login', { access_token: accessToken, device: device() }, anonymous),
  };
}
