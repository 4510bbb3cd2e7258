import { describe, expect, it, vi } from 'vitest';
import { handOver, reportError } from './boot';
import { FEEDBACK_OPTIONS, sentryIntegrations } from './sentry-client';
import { startErrorReporting } from './start';

describe('web error reporting', () => {
  it('keeps errors caught before the SDK is there and hands them over (vitest isolates this file: boot state is fresh)', () => {
    const first = new Error('before');
    reportError(first);
    const report = vi.fn();
    expect(handOver(report)).toEqual([first]);
    const later = new Error('after');
    reportError(later);
    expect(report).toHaveBeenCalledWith(later);
    handOver(null);
  });

  it('stays off, without loading the SDK, when the server names no DSN', async () => {
    const fetchConfig = vi.fn(async () => ({ data: { error_reporting: null } }));
    expect(await startErrorReporting({ page: 'answer', fetchConfig })).toBe(false);
    expect(fetchConfig).toHaveBeenCalledOnce();
  });

  it('stays off when the settings cannot be read (offline answering page)', async () => {
    expect(await startErrorReporting({ page: 'answer', fetchConfig: () => Promise.reject(new TypeError('Failed to fetch')) })).toBe(false);
  });

  it('adds the feedback widget in dev, alpha and beta builds only, next to traces and masked replays', () => {
    const names = (channel: 'dev' | 'alpha' | 'beta' | 'production') => sentryIntegrations(channel).map((i) => i.name);
    for (const channel of ['dev', 'alpha', 'beta'] as const) expect(names(channel)).toEqual(['BrowserTracing', 'Replay', 'Feedback']);
    expect(names('production')).toEqual(['BrowserTracing', 'Replay']);
  });

  it('sets the widget up as the spec says: optional name and e-mail, no branding, French words', () => {
    expect(FEEDBACK_OPTIONS).toMatchObject({ showBranding: false, showName: true, showEmail: true, isNameRequired: false, isEmailRequired: false });
    expect(FEEDBACK_OPTIONS.triggerLabel).toBe('Signaler un problème');
  });
});
