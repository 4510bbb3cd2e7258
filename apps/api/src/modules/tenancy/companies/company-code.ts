import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I). */
export const COMPANY_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const COMPANY_CODE_LENGTH = 6;

/** A random public company code (typed by people, printed under QR codes). */
export function generateCompanyCode(length = COMPANY_CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += COMPANY_CODE_ALPHABET[randomInt(COMPANY_CODE_ALPHABET.length)];
  return code;
}

/** Normalises a typed code: codes are matched upper case, without surrounding spaces. */
export function normalizeCompanyCode(input: string): string {
  return input.trim().toUpperCase();
}
