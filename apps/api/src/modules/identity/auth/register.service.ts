import type { LoginResponse, RegisterBody } from '@app/contracts';
import type { Database } from '../../../db/client';
import { validationFailed } from '../../../http/errors';
import {
  createUser,
  findUserByEmail,
  findUserByLogin,
  grantGlobalRole,
  isUniqueViolation,
  normalizeLoginKey,
  updateUser,
  type UserRow,
} from '../users/users.repository';
import type { AuthDeps, ClientInfo } from './auth.deps';
import { authText, composeMessage } from './auth.texts';
import { codeCheckLimits, codeSendLimits, consumeCodeSend } from './limits';
import { signInUser } from './login.service';
import { sendOtp, verifyOtp } from './otp.service';
import { hashPassword } from './password';

async function sendValidationCode(db: Database, deps: AuthDeps, user: Pick<UserRow, 'id' | 'locale'>, email: string) {
  await sendOtp(db, deps.messenger, {
    userId: user.id,
    purpose: 'account_validation',
    channel: 'email',
    destination: email,
    locale: user.locale,
  });
}

/**
 * POST auth/register. The answer is the same whether the address is new or not: a new
 * address gets an account (pending) and a validation code; an address whose account was
 * never validated gets the new details and a fresh code (nobody proved owning it yet);
 * a validated account's owner gets an e-mail saying someone tried to sign up.
 */
export async function register(
  db: Database,
  deps: AuthDeps,
  input: RegisterBody,
  client: ClientInfo,
): Promise<{ email: string }> {
  const email = input.email.trim().toLowerCase();
  await consumeCodeSend(deps.throttle, codeSendLimits(deps.config, 'register', email, client.ip));
  // Hash in every branch so that the time of the answer says nothing either.
  const passwordHash = await hashPassword(input.password);
  const details = { first_name: input.name.trim(), password_hash: passwordHash, promotional_offers: input.promotional_offers };
  const existing = await findUserByEmail(db, email);
  if (!existing) {
    try {
      const user = await createUser(db, { ...details, email, type: 'customer', status: 'pending', locale: client.locale });
      await grantGlobalRole(db, user.id, 'customer');
      await sendValidationCode(db, deps, user, email);
      return { email };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Someone registered the same address a moment ago: answer as for an existing one.
    }
  } else if (existing.status === 'pending' && !existing.email_verified_at) {
    await updateUser(db, existing.id, { ...details, locale: client.locale });
    await sendValidationCode(db, deps, existing, email);
    return { email };
  }
  const text = composeMessage('signup_attempt', existing?.locale ?? client.locale);
  await deps.messenger.send({ channel: 'email', to: email, subject: text.subject, body: text.body });
  return { email };
}

/**
 * POST auth/validate-account: the code e-mailed at sign-up proves the address; the
 * account becomes active. With a device, the user is signed in at once.
 */
export async function validateAccount(
  db: Database,
  deps: AuthDeps,
  input: { login: string; code: string; device?: { ref: string } },
  client: ClientInfo,
): Promise<LoginResponse | { validated: true }> {
  const limits = codeCheckLimits(deps.config, 'otp', normalizeLoginKey(input.login), client.ip);
  await deps.throttle.assertOpen(limits);
  const user = await findUserByLogin(db, input.login);
  const otp = user ? await verifyOtp(db, { userId: user.id, purpose: 'account_validation' }, input.code) : null;
  if (!user || !otp) {
    await deps.throttle.record(limits);
    throw validationFailed({ code: [authText(client.locale, 'invalidCode')] });
  }
  await updateUser(db, user.id, {
    email_verified_at: user.email_verified_at ?? new Date(),
    ...(user.status === 'pending' && { status: 'active' }),
  });
  await deps.throttle.reset(limits[0].key);
  if (!input.device || user.status === 'suspended') return { validated: true };
  return signInUser(db, deps, user, input.device.ref, client);
}
