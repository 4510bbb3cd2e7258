import type { LoginResponse } from '@app/contracts/auth';
import { afterEach, describe, expect, it } from 'vitest';
import { accounts } from '../lib/session/account-store';
import { takeSignInHandoff } from '../lib/session/sign-in-handoff';
import { makeAccount, makeUser } from '../test/account-fixtures';
import { completeSignIn, forwardOfSignedInVisitor, pageAddress } from './auth-flow';

afterEach(() => {
  for (const account of accounts.list()) accounts.remove(account.sid);
  localStorage.clear();
  sessionStorage.clear();
});

function answer(user = makeUser({ id: 41, name: 'Awa', type: 'customer' })): LoginResponse {
  return { token: 't', refresh_token: 'r', expires_at: '2030-01-01T00:00:00Z', refresh_expires_at: '2030-02-01T00:00:00Z', user } as LoginResponse;
}

describe('the address the light sign-in page stands for', () => {
  it('is the address itself when the server sent the page for it', () => {
    expect(pageAddress({ pathname: '/auth/forgot-password', search: '?redirect=%2Fx', hash: '' })).toEqual({ pathname: '/auth/forgot-password', search: '?redirect=%2Fx' });
  });

  it('is the one after # when the app opened the page by its file', () => {
    const hash = `#${encodeURIComponent('/auth/login?force=true&redirect=%2Fbusiness')}`;
    expect(pageAddress({ pathname: '/auth.html', search: '', hash })).toEqual({ pathname: '/auth/login', search: '?force=true&redirect=%2Fbusiness' });
  });

  it('is sign-in for the file alone or with an address that is not one of its pages', () => {
    expect(pageAddress({ pathname: '/auth.html', search: '', hash: '' })).toEqual({ pathname: '/auth/login', search: '' });
    expect(pageAddress({ pathname: '/auth.html', search: '', hash: '#%2Fk3x9pq%2Fbusiness' })).toEqual({ pathname: '/auth/login', search: '' });
  });
});

describe('a visitor already signed in (rule 5)', () => {
  it('goes to the account home, or to the redirect page inside that account', () => {
    accounts.save(makeAccount('k3x9pq', { type: 'customer' }));
    accounts.markUsed('k3x9pq');
    expect(forwardOfSignedInVisitor({ pathname: '/auth/login', search: '' })).toBe('/k3x9pq/business');
    expect(forwardOfSignedInVisitor({ pathname: '/auth/login', search: '?redirect=%2Fprofile' })).toBe('/k3x9pq/profile');
  });

  it('stays on sign-in with force=true ("add an account"), on the mobile variant and on the password pages', () => {
    accounts.save(makeAccount('k3x9pq', { type: 'customer' }));
    expect(forwardOfSignedInVisitor({ pathname: '/auth/login', search: '?force=true' })).toBeNull();
    expect(forwardOfSignedInVisitor({ pathname: '/auth/mobile', search: '' })).toBeNull();
    expect(forwardOfSignedInVisitor({ pathname: '/auth/forgot-password', search: '' })).toBeNull();
  });

  it('stays on sign-in when the stored session can no longer be used', () => {
    accounts.save(makeAccount('k3x9pq', { type: 'customer' }, 1_000, 1_000));
    expect(forwardOfSignedInVisitor({ pathname: '/auth/login', search: '' })).toBeNull();
  });
});

describe('a successful sign-in', () => {
  it('stores the account as the app keeps it, hands the welcome over and returns its home', () => {
    const to = completeSignIn(answer(), '', sessionStorage);
    const [sid] = accounts.list().map((a) => a.sid);
    expect(to).toBe(`/${sid}/business`);
    expect(localStorage.getItem(`account.${sid}`)).not.toBeNull();
    expect(accounts.get(sid)?.sessionInfo).toMatchObject({ key: 't', key_res: 'r' });
    expect(accounts.get(sid)?.usr.id).toBe(41);
    expect(accounts.lastSid()).toBe(sid);
    expect(takeSignInHandoff(sessionStorage)).toEqual({ sid, name: 'Awa' });
  });

  it('keeps the accounts already open (a second account signs in beside the first)', () => {
    accounts.save(makeAccount('k3x9pq', { id: 7, type: 'customer' }));
    const to = completeSignIn(answer(), '?force=true&redirect=%2Fprofile', sessionStorage);
    const sids = accounts.list().map((a) => a.sid);
    expect(sids).toHaveLength(2);
    expect(sids).toContain('k3x9pq');
    const added = sids.find((sid) => sid !== 'k3x9pq');
    expect(to).toBe(`/${added}/profile`);
  });

  it('signing in again as a user already open keeps that session id', () => {
    accounts.save(makeAccount('k3x9pq', { id: 41, type: 'customer' }));
    expect(completeSignIn(answer(), '', sessionStorage)).toBe('/k3x9pq/business');
    expect(accounts.list()).toHaveLength(1);
    expect(accounts.get('k3x9pq')?.sessionInfo.key).toBe('t');
  });
});
