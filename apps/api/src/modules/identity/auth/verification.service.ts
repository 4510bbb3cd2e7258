import { normalizeMobile } from '@app/contracts';
import type { Database } from '../../../db/client';
import type { Actor } from '../../../http/actor';
import { conflict, forbidden, notFound, validationFailed } from '../../../http/errors';
import type { Channel } from '../../../delivery/providers';
import {
  findUserById,
  findUserByPhone,
  isUniqueViolation,
  updateUser,
  type UserRow,
} from '../users/users.repository';
import { toAccountFields } from './account.service';
import type { AuthDeps, ClientInfo } from './auth.deps';
import { authText } from './auth.texts';
import { codeSendLimits, consumeCodeSend } from './limits';
import { sendOtp, verifyOtp } from './otp.service';

const PURPOSE_OF: Record<Channel, 'account_validation' | 'phone_validation'> = {
  email: 'account_validation',
  sms: 'phone_validation',
};

/** The target of users/{id}/...: oneself, or anyone for a platform admin (else 403). */
async function loadTarget(db: Database, actor: Actor, userId: number): Promise<UserRow> {
  if (actor.userId !== userId && actor.type !== 'admin') throw forbidden();
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  return user;
}

/** Shows where a code went without giving the whole address away. */
function maskDestination(destination: string): string {
  const at = destination.indexOf('@');
  if (at > 0) return `${destination.slice(0, Math.min(2, at))}***${destination.slice(at)}`;
  return `${'*'.repeat(Math.max(0, destination.length - 3))}${destination.slice(-3)}`;
}

/** users/{id}/sendotp: a code to the account's e-mail (default) or phone. */
export async function sendUserOtp(
  db: Database,
  deps: AuthDeps,
  actor: Actor,
  userId: number,
  channel: Channel | undefined,
  client: ClientInfo,
) {
  const user = await loadTarget(db, actor, userId);
  const chosen: Channel | null = channel ?? (user.email ? 'email' : user.phone ? 'sms' : null);
  const destination = chosen === 'email' ? user.email : chosen === 'sms' ? user.phone : null;
  if (!chosen || !destination) throw validationFailed({ channel: [authText(client.locale, 'noDestination')] });
  await consumeCodeSend(deps.throttle, codeSendLimits(deps.config, 'sendotp', user.id, client.ip));
  await sendOtp(db, deps.messenger, { userId: user.id, purpose: PURPOSE_OF[chosen], channel: chosen, destination, locale: user.locale });
  return { channel: chosen, destination: maskDestination(destination) };
}

/** users/{id}/validateotp: the newest code of the account; marks its e-mail or phone verified. */
export async function validateUserOtp(
  db: Database,
  deps: AuthDeps,
  actor: Actor,
  userId: number,
  input: { code: string; channel?: Channel },
  client: ClientInfo,
) {
  const user = await loadTarget(db, actor, userId);
  const limits = [{ key: `otp-user:${user.id}`, max: deps.config.AUTH_MAX_FAILURES }];
  await deps.throttle.assertOpen(limits);
  const purpose = input.channel ? PURPOSE_OF[input.channel] : [PURPOSE_OF.email, PURPOSE_OF.sms];
  const otp = await verifyOtp(db, { userId: user.id, purpose }, input.code);
  if (!otp) {
    await deps.throttle.record(limits);
    throw validationFailed({ code: [authText(client.locale, 'invalidCode')] });
  }
  await deps.throttle.reset(limits[0].key);
  const now = new Date();
  const patch =
    otp.channel === 'email'
      ? { email_verified_at: now, ...(user.status === 'pending' && { status: 'active' as const }) }
      : otp.destination === user.phone
        ? { phone_verified_at: now }
        : {};
  const updated = await updateUser(db, user.id, patch);
  return { verified: true, user: toAccountFields(updated ?? user) };
}

/** users/validate_phone_request: an SMS code to a new mobile number of the caller. */
export async function requestPhoneValidation(db: Database, deps: AuthDeps, actor: Actor, phone: string, client: ClientInfo) {
  const normalized = normalizeMobile(phone);
  if (!normalized) throw validationFailed({ phone: [authText(client.locale, 'invalidMobile')] });
  await consumeCodeSend(deps.throttle, codeSendLimits(deps.config, 'phone-send', actor.userId, client.ip));
  const user = await findUserById(db, actor.userId);
  if (!user) throw notFound();
  await sendOtp(db, deps.messenger, {
    userId: user.id,
    purpose: 'phone_validation',
    channel: 'sms',
    destination: normalized,
    locale: user.locale,
  });
  return { phone: normalized };
}

/** users/validate_phone: the code proves the number, which becomes the caller's verified phone. */
export async function confirmPhone(db: Database, deps: AuthDeps, actor: Actor, input: { phone: string; code: string }, client: ClientInfo) {
  const normalized = normalizeMobile(input.phone);
  if (!normalized) throw validationFailed({ phone: [authText(client.locale, 'invalidMobile')] });
  const limits = [{ key: `phone-code:${actor.userId}`, max: deps.config.AUTH_MAX_FAILURES }];
  await deps.throttle.assertOpen(limits);
  const otp = await verifyOtp(db, { userId: actor.userId, purpose: 'phone_validation', destination: normalized }, input.code);
  if (!otp) {
    await deps.throttle.record(limits);
    throw validationFailed({ code: [authText(client.locale, 'invalidCode')] });
  }
  await deps.throttle.reset(limits[0].key);
  const holder = await findUserByPhone(db, normalized);
  if (holder && holder.id !== actor.userId) throw conflict(authText(client.locale, 'phoneTaken'), 'phone_taken');
  try {
    const updated = await updateUser(db, actor.userId, { phone: normalized, phone_verified_at: new Date() });
    if (!updated) throw notFound();
    return { verified: true, user: toAccountFields(updated) };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(authText(client.locale, 'phoneTaken'), 'phone_taken');
    throw error;
  }
}
