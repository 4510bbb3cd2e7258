import type { Messenger } from '../../../delivery/messenger';
import type { Channel } from '../../../delivery/providers';
import { composeMessage } from './auth.texts';
import { consumeOtp, findLatestOtp, insertOtp, type OtpPurpose, type OtpRow, spendOtpAttempt } from './otp.repository';
import type { Database } from '../../../db/client';
import { generateOtpCode, generateToken, hashOtpCode, otpCodeMatches } from './tokens';

export interface OtpRequest {
  userId: number | null;
  purpose: OtpPurpose;
  channel: Channel;
  destination: string;
  locale: string;
  /** Give the code an opaque lookup id (password reset) and return it. */
  withLookup?: boolean;
}

/** Creates a six-digit code, keeps only its hash, and sends it. Returns the lookup id if asked. */
export async function sendOtp(db: Database, messenger: Messenger, request: OtpRequest): Promise<string | null> {
  const code = generateOtpCode();
  const lookup = request.withLookup ? generateToken(16) : null;
  await insertOtp(db, {
    user_id: request.userId,
    purpose: request.purpose,
    channel: request.channel,
    destination: request.destination,
    code_hash: hashOtpCode(code),
    lookup,
  });
  const text = composeMessage(request.purpose, request.locale, code);
  await messenger.send({
    channel: request.channel,
    to: request.destination,
    subject: request.channel === 'email' ? text.subject : undefined,
    body: text.body,
  });
  return lookup;
}

/** Spends one attempt on a code and uses it if `code` is right; null when wrong, expired, used or out of attempts. */
export async function checkOtp(db: Database, row: OtpRow | null, code: string): Promise<OtpRow | null> {
  if (!row) return null;
  const hash = await spendOtpAttempt(db, row.id);
  if (!hash || !otpCodeMatches(hash, code.trim())) return null;
  return (await consumeOtp(db, row.id)) ? row : null;
}

/** Checks and uses the newest code of a user; null when wrong, expired, used or out of attempts. */
export async function verifyOtp(
  db: Database,
  where: { userId: number; purpose: OtpPurpose | OtpPurpose[]; destination?: string },
  code: string,
): Promise<OtpRow | null> {
  return checkOtp(db, await findLatestOtp(db, where), code);
}
