import type { AuthProviders, LoginResponse, PasswordTokenResponse } from '@app/contracts/auth';
import type { RegisterInput } from '../features/identity/auth/auth.api';
import { getDeviceRef } from '../lib/device-ref';
import { createHttpClient, type HttpClient } from '../lib/http';
import type { AuthWords } from './auth-words';

/**
 * The calls of the sign-in, sign-up and password pages, made before any account exists in the page
 * (no credentials), through the app's HTTP client (same headers, retries, error envelope)
 * but without its session wiring and i18next.
 */
export interface AuthApi {
  login(input: { login: string; password: string }): Promise<LoginResponse>;
  /** The same answer whether the address is new or not (no enumeration). */
  register(input: RegisterInput): Promise<{ email: string }>;
  /** Validates the account with the e-mailed code and, with the device, signs in at once. */
  validateAccount(email: string, code: string): Promise<LoginResponse | { validated: true }>;
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
    register: (input) => http.post('auth/register', input, anonymous),
    validateAccount: (email, code) => http.post('auth/validate-account', { email, code, device: device() }, anonymous),
    requestPasswordToken: (login) => http.post('auth/request-password-token', { login }, anonymous),
    resetPassword: (resetId, input) => http.post(`auth/reset-password/${encodeURIComponent(resetId)}`, input, anonymous),
    providers: () => http.get('auth/providers', anonymous),
    googleLogin: (credential) => http.post('auth/google_login', { credential, device: device() }, anonymous),
    facebookLogin: (accessToken) => http.post('auth/facebook_login', { access_token: accessToken, device: device() }, anonymous),
  };
}

/** Whether a sign-in answer carries a session (validate-account without one does not). */
export function isLoginResponse(value: unknown): value is LoginResponse {
  return typeof value === 'object' && value !== null && 'token' in value && 'user' in value;
}
