import type { Database } from '../../../db/client';
import { validationFailed } from '../../../http/errors';
import { findUserByLogin, normalizeLoginKey, updateUser } from '../users/users.repository';
import type { AuthDeps, ClientInfo } from './auth.deps';
import { authText } from './auth.texts';
import { codeCheckLimits, codeSendLimits, consumeCodeSend, resetAccountLimits, spendPaired } from './limits';
import { findOtpByLookup, retireOtps } from './otp.repository';
import { checkOtp, sendOtp } from './otp.service';
import { hashPassword } from './password';
import { endUserSessions } from './sessions.service';
import { generateToken } from './tokens';

/**
 * POST auth/request-password-token. Always the same answer: `user.id` is an opaque
 * reset id, random for every request, that the client passes to reset-password. When an
 * account matches, the id designates the code just sent to it; otherwise it designates
 * nothing and reset-password fails exactly as with a wrong code.
 */
export async function requestPasswordReset(
  db: Database,
  deps: AuthDeps,
  login: string,
  client: ClientInfo,
): Promise<{ user: { id: string } }> {
  // Per login and address, under a ceiling over every address: a stranger asking again and
  // again for someone's reset cannot stop the owner from asking.
  await consumeCodeSend(deps.throttle, codeSendLimits(deps.config, 'reset', normalizeLoginKey(login), client.ip));
  const user = await findUserByLogin(db, login);
  if (user && user.status !== 'suspended' && (user.email || user.phone)) {
    const byEmail = Boolean(user.email);
    const lookup = await sendOtp(db, deps.messenger, {
      userId: user.id,
      purpose: 'password_reset',
      channel: byEmail ? 'email' : 'sms',
      destination: (byEmail ? user.email : user.phone) as string,
      locale: user.locale,
      withLookup: true,
    });
    if (lookup) return { user: { id: lookup } };
  }
  return { user: { id: generateToken(16) } };
}

/**
 * POST auth/reset-password/{resetId}: a right code sets the new password and ends every
 * session of the account (whoever was signed in with the old password is out). Wrong
 * codes count per reset id and per address (429 past them), and per account
 * (`resetAccountLimits`): past the account's limits its codes are refused exactly like a
 * wrong code, since a 429 there would tell that the id belongs to an account.
 */
export async function resetPassword(
  db: Database,
  deps: AuthDeps,
  resetId: string,
  input: { code: string; password: string },
  client: ClientInfo,
): Promise<void> {
  const limits = codeCheckLimits(deps.config, 'reset-code', resetId.slice(0, 64), client.ip);
  await deps.throttle.assertOpen(limits);
  const sent = await findOtpByLookup(db, resetId, 'password_reset');
  const mayTry =
    sent?.user_id != null && (await spendPaired(deps.throttle, resetAccountLimits(deps.config, sent.user_id, client.ip))) === null;
  const otp = mayTry ? await checkOtp(db, sent, input.code) : null;
  if (!otp?.user_id) {
    await deps.throttle.record(limits);
    throw validationFailed({ code: [authText(client.locale, 'invalidCode')] });
  }
  const userId = otp.user_id;
  const user = await updateUser(db, userId, {
    password_hash: await hashPassword(input.password),
    has_to_change_password: false,
  });
  // The code reached this address, which proves it as well as a validation code would.
  if (user && otp.channel === 'email' && !user.email_verified_at) {
    await updateUser(db, userId, { email_verified_at: new Date(), ...(user.status === 'pending' && { status: 'active' }) });
  }
  // The other codes asked for meanwhile die with this one.
  await retireOtps(db, userId, 'password_reset');
  await endUserSessions(db, deps.events, userId, 'password_reset');
}
