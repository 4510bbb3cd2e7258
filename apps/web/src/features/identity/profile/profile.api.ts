import type { AccountUser, ChangePasswordBody, DeviceInfo, ProfileUpdateBody } from '@app/contracts/auth';
import { api } from '../../../lib/api-client';
import { requestSessionOf } from '../../../lib/session/account-model';
import { accounts } from '../../../lib/session/account-store';

function sessionOf(sid: string) {
  const account = accounts.get(sid);
  if (!account) throw new Error('no account');
  return { session: requestSessionOf(account) };
}

export function postProfileUpdate(sid: string, body: ProfileUpdateBody): Promise<AccountUser> {
  return api.post('profile/update', body, sessionOf(sid));
}

export function postPasswordChange(sid: string, body: ChangePasswordBody): Promise<null> {
  return api.post('profile/security', body, sessionOf(sid));
}

export function postPhoto(sid: string, file: File): Promise<{ photo: string }> {
  const form = new FormData();
  form.append('photo', file);
  return api.post('profile/photo', form, sessionOf(sid));
}

export function fetchDevices(sid: string): Promise<DeviceInfo[]> {
  return api.get('devices', sessionOf(sid));
}

export function logoutDevice(sid: string, deviceId: number): Promise<null> {
  return api.get(`auth/logout/${deviceId}`, sessionOf(sid));
}

export function postPhoneRequest(sid: string, phone: string): Promise<unknown> {
  return api.post('users/validate_phone_request', { phone }, sessionOf(sid));
}

export function postPhoneValidation(sid: string, phone: string, code: string): Promise<unknown> {
  return api.post('users/validate_phone', { phone, code }, sessionOf(sid));
}
