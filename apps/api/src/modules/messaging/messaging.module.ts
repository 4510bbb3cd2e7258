import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { type BackgroundLoop, startBackgroundLoop } from './background-loop';
import { BROADCASTS_DUE, fanOutNextBatch } from './broadcasts/broadcast-fanout';
import { broadcastsRoutes } from './broadcasts/broadcasts.routes';
import { chatroomsRoutes } from './chatrooms/chatrooms.routes';
import { sendDueDigests } from './notifications/notification-digest';
import { notificationsRoutes } from './notifications/notifications.routes';
import { deliverDueWebhooks, type WebhookSettings } from './webhooks/webhook-delivery';
import { WEBHOOKS_DUE } from './webhooks/webhook-events';
import { webhooksRoutes } from './webhooks/webhooks.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background loops of the messaging context (tests kick them and wait for them). */
    messaging: { digest: BackgroundLoop; webhooks: BackgroundLoop; broadcasts: BackgroundLoop };
  }
}

export function webhookSettingsOf(config: Config): WebhookSettings {
  return {
    backoffBaseMs: config.WEBHOOK_BACKOFF_BASE_MS,
    retryForMs: config.WEBHOOK_RETRY_FOR_S * 1000,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    allowInsecure: config.WEBHOOK_ALLOW_INSECURE,
  };
}

/**
 * The background loops of the messaging context, on the root instance: e-mail digests
 * of notifications, webhook deliveries, the fan-out of published broadcasts. Each reads
 * its work from the database, so it survives restarts and is shared between API
 * processes; each stops with the app.
 */
export function startMessagingWorkers(app: FastifyInstance, config: Config) {
  const digest = startBackgroundLoop('notification digest', app.log, config.NOTIFICATION_DIGEST_INTERVAL_S * 1000, async () => {
    const sent = await sendDueDigests(app.db, { delayMs: config.NOTIFICATION_DIGEST_DELAY_S * 1000, appUrl: config.PUBLIC_BASE_URL });
    return sent > 0;
  });
  const webhooks = startBackgroundLoop('webhook delivery', app.log, config.WEBHOOK_POLL_MS, () => deliverDueWebhooks(app.db, webhookSettingsOf(config), app.log));
  const broadcasts = startBackgroundLoop('broadcast fan-out', app.log, config.BROADCAST_POLL_MS, () =>
    fanOutNextBatch(app, { batchSize: config.BROADCAST_BATCH_SIZE }),
  );
  const unsubscribe = app.events.onSignal(WEBHOOKS_DUE, () => webhooks.kick());
  const unsubscribeBroadcasts = app.events.onSignal(BROADCASTS_DUE, () => broadcasts.kick());
  app.decorate('messaging', { digest, webhooks, broadcasts });
  // Before the database closes (the server closes it after the app).
  app.addHook('onClose', async () => {
    unsubscribe();
    unsubscribeBroadcasts();
    await digest.stop();
    await webhooks.stop();
    await broadcasts.stop();
  });
}

/** Conversations, broadcasts, notifications and webhooks (API.md "Messaging"). */
export async function messagingRoutes(app: FastifyInstance, options: { config: Config }) {
  await app.register(notificationsRoutes);
  await app.register(chatroomsRoutes, { requestRateLimitMax: options.config.CHAT_REQUEST_RATE_LIMIT_MAX });
  await app.register(broadcastsRoutes);
  await app.register(webhooksRoutes, { settings: webhookSettingsOf(options.config) });
}
