import { afterEach, describe, expect, it } from 'vitest';
import { handOverSignIn, leaveSignInNotice, takeSignInHandoff, takeSignInNotice } from './sign-in-handoff';

afterEach(() => sessionStorage.clear());

describe('what the light sign-in page and the app hand each other', () => {
  it('gives the sign-in handed over once', () => {
    handOverSignIn(sessionStorage, { sid: 'k3x9pq', name: 'Awa' });
    expect(takeSignInHandoff(sessionStorage)).toEqual({ sid: 'k3x9pq', name: 'Awa' });
    expect(takeSignInHandoff(sessionStorage)).toBeNull();
  });

  it('ignores an unreadable hand-over and works without storage', () => {
    sessionStorage.setItem('auth.signed-in', '{not json');
    expect(takeSignInHandoff(sessionStorage)).toBeNull();
    sessionStorage.setItem('auth.signed-in', JSON.stringify({ sid: 3 }));
    expect(takeSignInHandoff(sessionStorage)).toBeNull();
    handOverSignIn(undefined, { sid: 'k3x9pq', name: 'Awa' });
    expect(takeSignInHandoff(undefined)).toBeNull();
  });

  it('gives a known notice once, and nothing for an unknown one', () => {
    leaveSignInNotice(sessionStorage, 'loggedOut');
    expect(takeSignInNotice(sessionStorage)).toBe('loggedOut');
    expect(takeSignInNotice(sessionStorage)).toBeNull();
    sessionStorage.setItem('auth.notice', 'hacked');
    expect(takeSignInNotice(sessionStorage)).toBeNull();
  });
});
