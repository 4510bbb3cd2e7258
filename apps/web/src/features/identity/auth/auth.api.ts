import type { AuthProviders, LoginResponse, PasswordTokenResponse } from '@app/contracts/auth';
import { api } from '../../../lib/api-client';
import { getDeviceRef } from '../../../lib/device-ref';

export type { LoginResponse };

export interface LoginInput {
  login: string;
  password: string;
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  promotional_offers: boolean;
}

// Every call here is made before any account exists in the page: no credentials.
const anonymous = { session: null } as const;

/** POST auth/login with this browser's device reference (one server session per device). */
export function postLogin(input: LoginInput): Promise<LoginResponse> {
  return api.post<LoginResponse>('auth/login', { ...input, device: { ref: getDeviceRef() } }, anonymous);
}

/** POST auth/register: the same answer whether the address is new or not (no enumeration). */
export function postRegister(input: RegisterInput): Promise<{ email: string }> {
  return api.post('auth/register', input, anonymous);
}

/** POST auth/validate-account with the device: validates and signs in at once. */
export function postValidateAccount(email: string, code: string): Promise<LoginResponse | { validated: true }> {
  return api.post('auth/validate-account', { email, code, device: { ref: getDeviceRef() } }, anonymous);
}

/** POST auth/request-password-token: answers an opaque reset id whatever the login. */
export function postRequestPasswordToken(login: string): Promise<PasswordTokenResponse> {
  return api.post('auth/request-password-token', { login }, anonymous);
}

export function postResetPassword(
  resetId: string,
  input: { code: string; password: string; password_confirmation: string },
): Promise<{ reset: true }> {
  return api.post(`auth/reset-password/${encodeURIComponent(resetId)}`, input, anonymous);
}

/** GET auth/providers: which social sign-ins the server has configured. */
export function getProviders(): Promise<AuthProviders> {
  return api.get('auth/providers', anonymous);
}

export function postGoogleLogin(credential: string): Promise<LoginResponse> {
  return api.post('auth/google_login', { credential, device: { ref: getDeviceRef() } }, anonymous);
}

export function postFacebookLogin(accessToken: string): Promise<LoginResponse> {
  return api.post('auth/facebook_login', { access_token: accessToken, device: { ref: getDeviceRef() } }, anonymous);
}

/** Whether a sign-in answer carries a session (validate-account without one does not). */
export function isLoginResponse(value: unknown): value is LoginResponse {
  return typeof value === 'object' && value !== null && 'token' in value && 'user' in value;
}
