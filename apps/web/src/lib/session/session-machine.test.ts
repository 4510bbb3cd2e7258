import { describe, expect, it } from 'vitest';
import { clearsStoredSession, isSignedInState, type SessionEvent, type SessionState, sessionReducer } from './session-machine';

const run = (state: SessionState, ...events: SessionEvent[]) => events.reduce(sessionReducer, state);

describe('session state machine (section 4)', () => {
  describe('start', () => {
    it('a valid token loads the current user', () => {
      expect(run('initial', { type: 'start', token: 'valid', renewable: true })).toBe('loading');
    });
    it('an empty token goes to initial', () => {
      expect(run('initial', { type: 'start', token: 'empty', renewable: false })).toBe('initial');
    });
    it('an expired token that cannot be renewed goes to initial', () => {
      expect(run('loading', { type: 'start', token: 'invalid', renewable: false })).toBe('initial');
    });
    it('an expired token with a live refresh token is renewed first', () => {
      expect(run('initial', { type: 'start', token: 'invalid', renewable: true })).toBe('refreshing');
    });
  });

  it('loads then connects', () => {
    expect(run('initial', { type: 'start', token: 'valid', renewable: true }, { type: 'loaded' })).toBe('connected');
  });

  it('renews at start, then loads, then connects', () => {
    const events: SessionEvent[] = [
      { type: 'start', token: 'invalid', renewable: true },
      { type: 'refreshed' },
      { type: 'loadStarted' },
    ];
    expect(run('initial', ...events)).toBe('loading');
    expect(run('initial', ...events, { type: 'loaded' })).toBe('connected');
  });

  it('going offline keeps a signed-in account signed in, as networkError ("hors ligne"), and never clears it', () => {
    for (const state of ['connected', 'loading', 'refreshing', 'error', 'networkError'] as const) {
      const next = run(state, { type: 'wentOffline' });
      expect(next).toBe('networkError');
      expect(clearsStoredSession(next)).toBe(false);
      expect(isSignedInState(next)).toBe(true);
    }
    expect(run('disconnected', { type: 'wentOffline' })).toBe('disconnected');
    expect(run('initial', { type: 'wentOffline' })).toBe('initial');
  });

  it('back online, a renewal from networkError connects again; a refused one disconnects', () => {
    expect(run('networkError', { type: 'refreshStarted' }, { type: 'refreshed' })).toBe('connected');
    expect(run('networkError', { type: 'loadStarted' }, { type: 'failed', status: 499 })).toBe('disconnected');
  });

  it('a sign-in connects from any state', () => {
    for (const state of ['initial', 'disconnected', 'error', 'networkError'] as const) {
      expect(run(state, { type: 'signedIn' })).toBe('connected');
    }
  });

  it('a refresh goes through refreshing and back to connected', () => {
    expect(run('connected', { type: 'refreshStarted' })).toBe('refreshing');
    expect(run('connected', { type: 'refreshStarted' }, { type: 'refreshed' })).toBe('connected');
  });

  it('a failed refresh disconnects (forced logout)', () => {
    expect(run('connected', { type: 'refreshStarted' }, { type: 'failed', status: 401 })).toBe('disconnected');
  });

  it.each([401, 498, 499])('status %i disconnects a connected session', (status) => {
    expect(run('connected', { type: 'failed', status })).toBe('disconnected');
  });

  it('no answer during the automatic sign-in is a network error', () => {
    expect(run('loading', { type: 'failed', status: 0 })).toBe('networkError');
    expect(run('refreshing', { type: 'failed', status: 0 })).toBe('networkError');
  });

  it('a server error during the automatic sign-in is an error', () => {
    expect(run('loading', { type: 'failed', status: 500 })).toBe('error');
  });

  it('once connected, a call without an answer sets error; per-call statuses change nothing', () => {
    expect(run('connected', { type: 'failed', status: 0 })).toBe('error');
    for (const status of [400, 403, 404, 409, 422, 500]) expect(run('connected', { type: 'failed', status })).toBe('connected');
  });

  it('recovers from a network error by loading again', () => {
    expect(run('networkError', { type: 'loadStarted' }, { type: 'loaded' })).toBe('connected');
  });

  it('logging out disconnects', () => {
    expect(run('connected', { type: 'loggedOut' })).toBe('disconnected');
  });

  it('a late answer does not revive a closed session', () => {
    expect(run('disconnected', { type: 'loaded' })).toBe('disconnected');
    expect(run('disconnected', { type: 'refreshStarted' })).toBe('disconnected');
    expect(run('disconnected', { type: 'failed', status: 0 })).toBe('disconnected');
  });

  it('an account stored but not started here can be loaded, renewed or found revoked', () => {
    expect(run('initial', { type: 'loadStarted' }, { type: 'loaded' })).toBe('connected');
    expect(run('initial', { type: 'refreshStarted' }, { type: 'refreshed' })).toBe('connected');
    expect(run('initial', { type: 'failed', status: 499 })).toBe('disconnected');
    expect(run('initial', { type: 'failed', status: 0 })).toBe('initial');
  });

  it('disconnected and initial clear the stored session, the others keep it', () => {
    expect(clearsStoredSession('disconnected')).toBe(true);
    expect(clearsStoredSession('initial')).toBe(true);
    for (const state of ['loading', 'connected', 'refreshing', 'error', 'networkError'] as const) {
      expect(clearsStoredSession(state)).toBe(false);
      expect(isSignedInState(state)).toBe(true);
    }
    expect(isSignedInState('disconnected')).toBe(false);
  });
});
