/// <reference types="vite/client" />
import type { ReleaseChannel } from '@app/contracts/error-reporting';
import { handOver } from './boot';

/**
 * Error reporting of the web pages, second step (boot.ts loads this after the page): asks
 * the server for its settings (GET client-config; SENTRY_BROWSER_DSN) and loads the Sentry
 * SDK, in its own chunk, only when they name a DSN.
 */
export interface ClientConfigAnswer {
  data?: { error_reporting?: { dsn: string; environment: string } | null };
}

/** The build setting VITE_RELEASE_CHANNEL (dev, alpha, beta, production); a dev server is dev. */
export function buildChannel(): string {
  return import.meta.env.VITE_RELEASE_CHANNEL ?? (import.meta.env.DEV ? 'dev' : 'production');
}

/** Resolves to whether reporting started. */
export async function startErrorReporting(options: { page: 'app' | 'answer' | 'auth'; fetchConfig?: () => Promise<ClientConfigAnswer> }): Promise<boolean> {
  try {
    const settings = (await (options.fetchConfig ?? defaultFetchConfig)()).data?.error_reporting;
    if (!settings?.dsn) {
      handOver(null);
      return false;
    }
    const { startSentry } = await import('./sentry-client');
    const started = startSentry({ ...settings, page: options.page, channel: buildChannel() as ReleaseChannel });
    for (const error of handOver(started.report)) started.report(error);
    return true;
  } catch {
    // Offline, or the server is older than this page: no reporting, the page carries on.
    handOver(null);
    return false;
  }
}

async function defaultFetchConfig(): Promise<ClientConfigAnswer> {
  const response = await fetch('/api/v2/client-config', { credentials: 'omit', headers: { Accept: 'application/json' } });
  if (!response.ok) return {};
  return (await response.json()) as ClientConfigAnswer;
}
