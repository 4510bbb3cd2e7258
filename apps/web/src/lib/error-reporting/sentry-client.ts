import {
  ERROR_REPORTING_SAMPLING,
  feedbackWidgetEnabled,
  type ReleaseChannel,
  releaseChannelOf,
  scrubBreadcrumb,
  scrubData,
  scrubEvent,
  scrubUrl,
} from '@app/contracts/error-reporting';
import * as Sentry from '@sentry/browser';
import { feedbackLabels } from './feedback-labels';

/**
 * The Sentry browser SDK, set up as spec section 9 says. Loaded on its own (start.ts imports
 * it dynamically) so that a page without a DSN never downloads it.
 */
type Integration = Extract<NonNullable<Sentry.BrowserOptions['integrations']>, unknown[]>[number];

export interface StartedReporting {
  report(error: unknown): void;
}

export interface SentryStartOptions {
  dsn: string;
  environment: string;
  page: 'app' | 'answer' | 'auth';
  channel: ReleaseChannel | string;
}

/**
 * Spec section 9: optional name and e-mail, no branding. Not prefilled from a signed-in
 * user: what is sent is what the person typed.
 */
export function feedbackOptions(language: string | null | undefined) {
  return {
    showBranding: false,
    showName: true,
    showEmail: true,
    isNameRequired: false,
    isEmailRequired: false,
    useSentryUser: { name: '', email: '' },
    colorScheme: 'system',
    ...feedbackLabels(language),
  } as const;
}

/** The widget's options in French, the language the app starts in. */
export const FEEDBACK_OPTIONS = feedbackOptions('fr');

/** The integrations of a page: traces, replays with every text, input and image masked, and the feedback widget outside production builds. */
export function sentryIntegrations(channel: ReleaseChannel, language: string | null = 'fr'): Integration[] {
  const integrations: Integration[] = [
    Sentry.browserTracingIntegration(),
    Sentry.replayIntegration({
      maskAllText: true,
      maskAllInputs: true,
      blockAllMedia: true,
      // Breadcrumbs and request spans recorded in the replay go through the same rules.
      beforeAddRecordingEvent: (event) => ({ ...event, data: { ...event.data, payload: scrubData(event.data.payload) } }) as typeof event,
    }),
  ];
  if (feedbackWidgetEnabled(channel)) {
    integrations.push(
      Sentry.feedbackIntegration(feedbackOptions(language)),
    );
  }
  return integrations;
}

export function startSentry(options: SentryStartOptions): StartedReporting {
  const channel = releaseChannelOf(options.channel);
  const client = Sentry.init({
    dsn: options.dsn,
    environment: options.environment,
    ...ERROR_REPORTING_SAMPLING,
    sendDefaultPii: false,
    initialScope: { tags: { page: options.page, channel } },
    // The widget speaks the page's language at start (the app starts in French).
    integrations: sentryIntegrations(channel, typeof document === 'undefined' ? 'fr' : document.documentElement.lang),
    beforeSend: (event) => scrubEvent(event),
    beforeSendTransaction: (event) => scrubEvent(event),
    beforeBreadcrumb: (crumb) => scrubBreadcrumb(crumb),
  });
  // Replay events carry the page addresses they saw (a reset link's code in the query).
  client?.on('beforeEnvelope', (envelope) => {
    for (const [header, payload] of envelope[1]) {
      if (header.type !== 'replay_event') continue;
      const replay = payload as { urls?: string[]; request?: { url?: string } };
      if (replay.urls) replay.urls = replay.urls.map(scrubUrl);
      if (replay.request?.url) replay.request.url = scrubUrl(replay.request.url);
    }
  });
  return { report: (error) => void Sentry.captureException(error) };
}
