import { describe, expect, it } from 'vitest';
import { createSessionId, inSession, isSessionId, sessionIdFromPath, stripSessionSegment } from './session-id';
import { canRenew, isSessionUsable, nowInSeconds, secondsUntilRenewal, toEpochSeconds, tokenStatus } from './token-status';

const info = (exp: number, exp_res = 0, key = 'tok') => ({ key, key_res: key ? 'ref' : '', exp, exp_res });

describe('token status (section 4)', () => {
  it('is empty without a token', () => {
    expect(tokenStatus(null, 100)).toBe('empty');
    expect(tokenStatus(info(500, 0, ''), 100)).toBe('empty');
  });
  it('is valid before expiry and invalid from the expiry second on', () => {
    expect(tokenStatus(info(101), 100)).toBe('valid');
    expect(tokenStatus(info(100), 100)).toBe('invalid');
    expect(tokenStatus(info(50), 100)).toBe('invalid');
  });
  it('compares in seconds', () => {
    expect(nowInSeconds(1_700_000_000_999)).toBe(1_700_000_000);
    expect(toEpochSeconds('2026-01-01T00:00:10.500Z')).toBe(Date.UTC(2026, 0, 1, 0, 0, 10) / 1000);
    expect(toEpochSeconds(undefined)).toBe(0);
    expect(toEpochSeconds('pas une date')).toBe(0);
  });
  it('an expired token is still usable while the refresh token lives', () => {
    expect(canRenew(info(50, 200), 100)).toBe(true);
    expect(isSessionUsable(info(50, 200), 100)).toBe(true);
    expect(isSessionUsable(info(50, 90), 100)).toBe(false);
    expect(isSessionUsable(info(150, 0), 100)).toBe(true);
  });
  it('renews a minute before expiry, sooner for a short remaining life', () => {
    expect(secondsUntilRenewal({ exp: 1000 }, 100)).toBe(840);
    expect(secondsUntilRenewal({ exp: 130 }, 100)).toBe(24);
    expect(secondsUntilRenewal({ exp: 90 }, 100)).toBe(0);
  });
});

describe('session id in the path', () => {
  it('is short, random and never a reserved word', () => {
    const ids = new Set(Array.from({ length: 200 }, () => createSessionId()));
    expect(ids.size).toBeGreaterThan(190);
    for (const id of ids) {
      expect(id).toMatch(/^[a-z0-9]{6}$/);
      expect(id).toMatch(/\d/);
      expect(isSessionId(id)).toBe(true);
    }
  });
  it('retries when the random draw has no digit', () => {
    const draws = [new Uint8Array([0, 1, 2, 3, 4, 5]), new Uint8Array([0, 1, 2, 3, 4, 30])];
    expect(createSessionId(() => draws.shift()!)).toMatch(/\d$/);
  });
  it('reads the first segment, not the public pages', () => {
    expect(sessionIdFromPath('/ab12cd/business')).toBe('ab12cd');
    expect(sessionIdFromPath('/auth/login')).toBeNull();
    expect(sessionIdFromPath('/error/403')).toBeNull();
    expect(sessionIdFromPath('/')).toBeNull();
  });
  it('strips and adds the session segment', () => {
    expect(stripSessionSegment('/ab12cd/mnt/companies')).toBe('/mnt/companies');
    expect(stripSessionSegment('/ab12cd')).toBe('/');
    expect(inSession('ab12cd', '/business')).toBe('/ab12cd/business');
    expect(inSession('ab12cd')).toBe('/ab12cd');
  });
});
