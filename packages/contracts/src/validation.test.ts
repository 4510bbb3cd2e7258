import { describe, expect, it } from 'vitest';
import {
  CONTACT_EMAIL_PATTERN,
  PASSWORD_SYMBOLS,
  generatePassword,
  hasDigits,
  isEmail,
  isMobilePhone,
  isNumeric,
  normalizeMobile,
} from './validation';

describe('email', () => {
  it.each(['a.b_c-d@mail.cm', 'x@sub.domain.org', 'A1@b.co'])('accepts %s', (v) => expect(isEmail(v)).toBe(true));
  it.each(['a@b', 'a b@c.cm', 'a@b.c', 'a@b.c0m', '@b.cm', 'a+b@c.cm'])('rejects %s', (v) =>
    expect(isEmail(v)).toBe(false),
  );
  it('contact form caps the TLD at 8 letters', () => {
    expect(CONTACT_EMAIL_PATTERN.test('a@b.abcdefgh')).toBe(true);
    expect(CONTACT_EMAIL_PATTERN.test('a@b.abcdefghi')).toBe(false);
  });
});

describe('numbers and digits', () => {
  it('checks numbers', () => {
    expect(isNumeric('12.5')).toBe(true);
    expect(isNumeric('')).toBe(false);
    expect(isNumeric('1e3')).toBe(true);
    expect(isNumeric('abc')).toBe(false);
  });
  it('checks exactly N digits, 9 by default', () => {
    expect(hasDigits('699123456')).toBe(true);
    expect(hasDigits('69912345')).toBe(false);
    expect(hasDigits('1234', 4)).toBe(true);
  });
});

describe('mobile prefixes', () => {
  it.each(['640123456', '655000000', '659999999', '686111111', '699111111', '650111111', '683111111'])(
    'accepts %s',
    (v) => expect(isMobilePhone(v)).toBe(true),
  );
  it.each(['641123456', '660000000', '684000000', '685000000', '222123456', '69912345'])('rejects %s', (v) =>
    expect(isMobilePhone(v)).toBe(false),
  );
  it('normalises the country code and spaces', () => {
    expect(normalizeMobile('+237 699 12 34 56')).toBe('699123456');
    expect(normalizeMobile('00237677123456')).toBe('677123456');
  });
});

describe('generated password', () => {
  it('has length 10 and every class', () => {
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(p).toHaveLength(10);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[0-9]/);
      expect([...p].some((c) => PASSWORD_SYMBOLS.includes(c))).toBe(true);
    }
  });
});
