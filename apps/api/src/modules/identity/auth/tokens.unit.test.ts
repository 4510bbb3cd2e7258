import { describe, expect, it } from 'vitest';
import { generateOtpCode, generateToken, hashOtpCode, hashToken, looksLikeToken, otpCodeMatches } from './tokens';

describe('tokens', () => {
  it('are 256-bit base64url strings, all different', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => generateToken()));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(looksLikeToken(token)).toBe(true);
    }
  });

  it('are stored as SHA-256 hex', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('reject what is not one of ours before any query', () => {
    for (const value of ['', 'short', 'has spaces in it and is long', 'x'.repeat(200), 'a/b+c=d'.repeat(4)]) {
      expect(looksLikeToken(value), value).toBe(false);
    }
  });
});

describe('one-time codes', () => {
  it('are six digits', () => {
    for (let i = 0; i < 200; i++) expect(generateOtpCode()).toMatch(/^\d{6}$/);
  });

  it('are hashed with a salt and checked', () => {
    const a = hashOtpCode('123456');
    const b = hashOtpCode('123456');
    expect(a).not.toBe(b);
    expect(a).not.toContain('123456');
    expect(otpCodeMatches(a, '123456')).toBe(true);
    expect(otpCodeMatches(a, '123457')).toBe(false);
    expect(otpCodeMatches('garbage', '123456')).toBe(false);
  });
});
