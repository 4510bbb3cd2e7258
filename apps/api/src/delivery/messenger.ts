import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { claimPendingMessages, insertOutboxMessage, markOutboxFailed, markOutboxSent } from './outbox.repository';
import { type Channel, createProviders, type MessageProvider, type OutgoingMessage } from './providers';

export interface MessengerOptions {
  /** How often undelivered rows (from any process or module) are looked for. */
  pollMs?: number;
}

/**
 * Sends e-mails and SMS through the outbox table. `send` only records the message (the
 * trace the dev page and tests read, and what survives a crash); a dispatcher, running
 * only when a provider is configured, claims undelivered rows of its channels, hands
 * them over and stamps `sent_at` (or `error`, retried later). Rows written straight
 * into the outbox by other modules are delivered the same way. A request never waits
 * for an SMTP server or an SMS gateway.
 */
export class Messenger {
  private readonly byChannel: Partial<Record<Channel, MessageProvider>>;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(
    private readonly db: Database,
    providers: MessageProvider[],
    private readonly log: FastifyBaseLogger,
    options: MessengerOptions = {},
  ) {
    this.byChannel = Object.fromEntries(providers.map((p) => [p.channel, p]));
    if (providers.length > 0) {
      this.timer = setInterval(() => this.kick(), options.pollMs ?? 5000);
      this.timer.unref();
    }
  }

  /** Whether a real provider delivers this channel (else the outbox is the only trace). */
  hasProvider(channel: Channel): boolean {
    return Boolean(this.byChannel[channel]);
  }

  /** Records the message and wakes the dispatcher; resolves with the outbox id. */
  async send(message: OutgoingMessage): Promise<number> {
    const id = await insertOutboxMessage(this.db, message);
    if (this.byChannel[message.channel]) this.kick();
    return id;
  }

  /** Starts a dispatch round, or asks the running one to go round once more. */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.dispatchRounds().finally(() => {
      this.running = null;
    });
  }

  private async dispatchRounds(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.dispatchOnce();
      } catch (error) {
        this.log.warn({ err: error }, 'outbox dispatch failed');
      }
    } while (this.again && !this.closed);
  }

  private async dispatchOnce(): Promise<void> {
    const channels = Object.keys(this.byChannel) as Channel[];
    for (;;) {
      const rows = await claimPendingMessages(this.db, channels, { limit: 20, lockS: 60 });
      if (rows.length === 0) return;
      for (const row of rows) {
        const provider = this.byChannel[row.channel];
        if (!provider) continue;
        try {
          await provider.send({ channel: row.channel, to: row.destination, subject: row.subject ?? undefined, body: row.body });
          await markOutboxSent(this.db, row.id);
        } catch (error) {
          this.log.warn({ err: error, outboxId: row.id, channel: row.channel }, 'message delivery failed');
          await markOutboxFailed(this.db, row.id, error instanceof Error ? error.message : String(error));
        }
      }
    }
  }

  /** Waits until the messages recorded so far had their delivery attempt (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.closed = true;
    await this.drain();
    for (const provider of Object.values(this.byChannel)) provider?.close?.();
  }
}

/** The messenger of one app instance, with the providers the configuration enables. */
export function createMessenger(config: Config, db: Database, log: FastifyBaseLogger, options?: MessengerOptions): Messenger {
  return new Messenger(db, createProviders(config), log, options);
}
