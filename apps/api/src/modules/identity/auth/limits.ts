import type { Config } from '../../../config';
import { addressKey } from '../../../http/client-address';
import { type Limit, type Throttle, tooManyAttempts } from './throttle';

/**
 * The brute-force brakes of the auth module, in one place (API.md "Sessions"). Keys name
 * what is counted: `<scope>:<identifier>`, `<scope>-ip:<address>`,
 * `<scope>-pair:<address>|<identifier>`, `login-device:<device id>`; the window is
 * AUTH_FAILURE_WINDOW_S.
 */

/**
 * An identifier's brakes. `fromAddress` (one identifier from one client address) is what
 * locks the identifier, for that address only, so a stranger failing on purpose does not
 * lock the owner out from elsewhere; `identifier` is a much higher ceiling over every
 * address, against an attack spread over many; `address` bounds one address going
 * through many identifiers. A stranger with enough addresses does reach `identifier` on
 * purpose: where that would lock the owner out, the owner needs a way past it (sign-in:
 * `knownDeviceLimit`).
 */
export interface PairedLimits {
  fromAddress: Limit;
  identifier: Limit;
  address: Limit;
}

function pairedLimits(config: Config, scope: string, identifier: string, ip: string, ceiling: number): PairedLimits {
  const address = addressKey(ip);
  return {
    fromAddress: { key: `${scope}-pair:${address}|${identifier}`, max: config.AUTH_MAX_FAILURES },
    identifier: { key: `${scope}:${identifier}`, max: ceiling },
    address: { key: `${scope}-ip:${address}`, max: config.AUTH_IP_MAX_FAILURES },
  };
}

/** Sign-in failures: the three brakes above, with a ceiling of AUTH_IDENTIFIER_MAX_FAILURES. */
export function signInLimits(config: Config, identifier: string, ip: string): PairedLimits {
  return pairedLimits(config, 'login', identifier, ip, config.AUTH_IDENTIFIER_MAX_FAILURES);
}

/**
 * The ceiling a known device of the account (one that held a session of it and was not
 * forgotten since: `findKnownDevice`) answers to instead of the identifier's: its own
 * failures over every address, AUTH_IDENTIFIER_MAX_FAILURES. A stranger reaching the
 * identifier's ceiling from many addresses thus cannot lock the owner's devices out, and
 * whoever got hold of a device ref (a shared computer, a leak) still has no more guesses
 * through it than the identifier's ceiling gives. Its failures count on the identifier's
 * ceiling as well, and on the address's brakes like any other.
 */
export function knownDeviceLimit(config: Config, deviceId: number): Limit {
  return { key: `login-device:${deviceId}`, max: config.AUTH_IDENTIFIER_MAX_FAILURES };
}

/**
 * Codes sent for an identifier (password reset, sign-up, users/{id}/sendotp, phone
 * validation): counted per identifier and address, so that one address cannot use up
 * the owner's sends, under a ceiling of AUTH_IDENTIFIER_MAX_CODES over every address.
 * The ceiling has no way past it: it is what bounds the messages one mailbox or phone
 * receives. Only the reset and sign-up ones can be spent by a stranger (sendotp and phone
 * validation are the signed-in account's own); filling them from many addresses delays a
 * reset or a sign-up by a window and locks no one out of signing in, while the codes it
 * made send tell the owner that someone is at it.
 */
export function codeSendLimits(
  config: Config,
  scope: 'reset' | 'register' | 'sendotp' | 'phone-send',
  identifier: string | number,
  ip: string,
): PairedLimits {
  return pairedLimits(config, scope, String(identifier), ip, config.AUTH_IDENTIFIER_MAX_CODES);
}

/**
 * Attempts on the password-reset codes of one account, whichever reset id they come
 * through. A code dies after 5 wrong tries, but anyone can ask for more codes (up to
 * AUTH_IDENTIFIER_MAX_CODES): this bounds the guesses on an account to
 * AUTH_ACCOUNT_MAX_RESET_FAILURES a window over every address, and to AUTH_MAX_FAILURES
 * from one address, so one address cannot spend the account's budget alone.
 */
export function resetAccountLimits(config: Config, userId: number, ip: string): PairedLimits {
  return pairedLimits(config, 'reset-account', String(userId), ip, config.AUTH_ACCOUNT_MAX_RESET_FAILURES);
}

/**
 * Wrong answers checked against one identifier (a validation code, a current password):
 * per identifier, whatever the address, since the identifier names the one secret that
 * is guessed, and per address.
 */
export function codeCheckLimits(config: Config, scope: string, identifier: string, ip: string): Limit[] {
  return [
    { key: `${scope}:${identifier}`, max: config.AUTH_MAX_FAILURES },
    { key: `${scope}-ip:${addressKey(ip)}`, max: config.AUTH_IP_MAX_FAILURES },
  ];
}

/**
 * Counts one event of an identifier from an address. The address's own brakes are spent
 * first, and only an event they let through counts against the identifier's ceiling:
 * refused events count nowhere else, so one address can never reach that ceiling alone.
 * Returns the Retry-After of the limit that refuses the event, or null when it may go on.
 */
export async function spendPaired(throttle: Throttle, limits: PairedLimits): Promise<number | null> {
  const ceiling = await throttle.firstReached([limits.identifier]);
  if (ceiling !== null) return ceiling;
  const local = await throttle.hitPastLimit([limits.address, limits.fromAddress]);
  if (local !== null) return local;
  await throttle.record([limits.identifier]);
  return null;
}

/** `spendPaired` for a code about to be sent: 429 with Retry-After past a limit. */
export async function consumeCodeSend(throttle: Throttle, limits: PairedLimits): Promise<void> {
  const retryAfterS = await spendPaired(throttle, limits);
  if (retryAfterS !== null) throw tooManyAttempts(retryAfterS);
}
