import type { LoginBody, LoginResponse } from '@app/contracts';
import type { Database } from '../../../db/client';
import { AppError, forbidden } from '../../../http/errors';
import { findUserByLogin, normalizeLoginKey, type UserRow } from '../users/users.repository';
import { loadAccountUser } from './account.service';
import { type AuthDeps, type ClientInfo, lifetimesOf } from './auth.deps';
import { authText } from './auth.texts';
import { knownDeviceLimit, signInLimits } from './limits';
import { sendOtp } from './otp.service';
import { verifyAgainstDummy, verifyPassword } from './password';
import { findKnownDevice } from './sessions.repository';
import { openSession } from './sessions.service';

/** Opens a session on the device and answers the LoginResponse of contracts/auth.ts. */
export async function signInUser(
  db: Database,
  deps: AuthDeps,
  user: Pick<UserRow, 'id'>,
  deviceRef: string,
  client: ClientInfo,
): Promise<LoginResponse> {
  const session = await openSession(db, deps.events, lifetimesOf(deps.config), {
    userId: user.id,
    deviceRef,
    userAgent: client.userAgent,
    ip: client.ip,
  });
  return {
    token: session.token,
    refresh_token: session.refresh_token,
    expires_at: session.expires_at,
    refresh_expires_at: session.refresh_expires_at,
    user: await loadAccountUser(db, user.id),
  };
}

/** Refuses accounts that may not sign in yet, once the password is known to be right. */
export async function assertCanSignIn(db: Database, deps: AuthDeps, user: UserRow, client: ClientInfo): Promise<void> {
  if (user.status === 'suspended') throw forbidden(authText(client.locale, 'accountSuspended'), 'account_suspended');
  if (user.status === 'pending') {
    if (user.email) {
      await sendOtp(db, deps.messenger, {
        userId: user.id,
        purpose: 'account_validation',
        channel: 'email',
        destination: user.email,
        locale: user.locale,
      });
    }
    throw forbidden(authText(client.locale, 'accountNotValidated'), 'account_not_validated');
  }
}

/**
 * POST auth/login. An unknown login and a wrong password take the same time (a dummy
 * argon2 check) and give the same 401; past a limit of `signInLimits` the answer is 429
 * with Retry-After until the window ends, for an unknown login as for a known one.
 * Anyone with enough addresses can fill the ceiling over every address on purpose, so a
 * known device of the account answers to its own ceiling instead (`knownDeviceLimit`):
 * the owner goes on signing in from the devices they used before, and a new device waits
 * for the window to end.
 */
export async function login(db: Database, deps: AuthDeps, input: LoginBody, client: ClientInfo): Promise<LoginResponse> {
  const limits = signInLimits(deps.config, normalizeLoginKey(input.login), client.ip);
  await deps.throttle.assertOpen([limits.address]);
  const user = await findUserByLogin(db, input.login);
  // Looked up for an unknown login too (ids start at 1, so 0 finds nothing), so that both
  // make the same queries before the ceiling answers. A stranger's device is never known
  // for someone else's account: to them, an account and no account behave alike.
  const knownDeviceId = await findKnownDevice(db, user?.id ?? 0, input.device.ref);
  const deviceCeiling = knownDeviceId === null ? null : knownDeviceLimit(deps.config, knownDeviceId);
  await deps.throttle.assertOpen([deviceCeiling ?? limits.identifier]);
  // Counted before the password check, so parallel guesses from one address cannot slip by.
  await deps.throttle.consume([limits.fromAddress]);
  const passwordOk = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !passwordOk) {
    await deps.throttle.record([limits.address, limits.identifier, ...(deviceCeiling ? [deviceCeiling] : [])]);
    throw new AppError(401, 'invalid_credentials', authText(client.locale, 'invalidCredentials'));
  }
  // The ceilings over every address are not reset: a success must not hand a distributed
  // guesser (or one holding a device ref) a fresh budget.
  await deps.throttle.reset(limits.fromAddress.key);
  await assertCanSignIn(db, deps, user, client);
  return signInUser(db, deps, user, input.device.ref, client);
}
