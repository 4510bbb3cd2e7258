import type { Config } from '../../config';
import { addressKey } from './client-address';
import { type Limit, type Throttle, tooManyAttempts } from './throttle';

/**
 * The brute-force brakes of the auth module, in one place (API.md "Sessions"). Keys name
 * what is counted: `<scope>:<identifier>`, `<scope>-ip:<address>`,
 * `<scope>-pair:<address>|<identifier>`; the window is AUTH_FAILURE_WINDOW_S.
 */

/**
 * An identifier's brakes that a stranger cannot turn against its owner. `fromAddress`
 * (one identifier from one client address) is what locks the identifier, for that
 * address only; `identifier` is a much higher ceiling over every address, against an
 * attack spread over many; `address` bounds one address going through many identifiers.
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
 * Codes sent for an identifier (password reset, sign-up, users/{id}/sendotp, phone
 * validation): counted per identifier and address, so that nobody can use up the
 * owner's sends from elsewhere, under a ceiling of AUTH_IDENTIFIER_MAX_CODES over every
 * address (it also bounds the messages one mailbox or phone receives).
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
