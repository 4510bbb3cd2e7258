import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { ActorCache, ActorChange } from '../http/actor-cache';

/** How long an invalidation waits for the other processes before the request goes on (the cache TTL bounds the rest). */
const PUBLISH_TIMEOUT_MS = 2_000;
const READY_TIMEOUT_MS = 10_000;

export interface ActorRelayLink {
  /** Resolves once subscribed (the cache is on), or after READY_TIMEOUT_MS (it stays off until then). */
  ready(): Promise<void>;
  publish(changes: ActorChange[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Actor invalidations between API processes over Redis pub/sub (channel
 * `{prefix}actors`). Each process applies the others' changes to its cache and
 * acknowledges them (`{prefix}actors:ack`); the sender waits for every acknowledgement,
 * so the request that made the change answers only once no process holds a stale
 * actor. While a process's subscription is not in place (start-up, Redis down,
 * reconnecting) its cache is off, since a change could be missed then, and it starts
 * empty once subscribed again.
 */
export function connectActorRelay(url: string, keyPrefix: string, cache: ActorCache, log: FastifyBaseLogger): ActorRelayLink {
  const channel = `${keyPrefix}actors`;
  const ackChannel = `${keyPrefix}actors:ack`;
  const origin = crypto.randomUUID();
  const pub = new Redis(url, { connectionName: 'actors-pub' });
  const sub = new Redis(url, { connectionName: 'actors-sub' });
  pub.on('error', (err) => log.warn({ err }, 'actor relay redis (publish) connection error'));
  sub.on('error', (err) => log.warn({ err }, 'actor relay redis (subscribe) connection error'));
  cache.setEnabled(false);
  let subscribed: () => void = () => {};
  const firstSubscription = new Promise<void>((resolve) => {
    subscribed = resolve;
  });
  sub.on('ready', () => {
    sub
      .subscribe(channel, ackChannel)
      .then(() => {
        cache.setEnabled(true);
        subscribed();
      })
      .catch((err) => log.error({ err }, 'actor relay: subscription failed; actor cache stays off'));
  });
  sub.on('close', () => cache.setEnabled(false));
  // Acknowledgements of this process's messages, by message id: the publisher waits for
  // every other subscriber's, so once `publish` resolves no process holds a dropped actor.
  const waiting = new Map<string, { acks: number; expected: number; done: () => void }>();
  sub.on('message', (from: string, text: string) => {
    if (from === ackChannel) {
      const wait = waiting.get(text);
      if (wait && ++wait.acks >= wait.expected) wait.done();
      return;
    }
    if (from !== channel) return;
    let message: { origin: string; id: string; changes: ActorChange[] } | null = null;
    try {
      message = JSON.parse(text);
    } catch (err) {
      log.error({ err }, 'actor relay: unreadable message');
    }
    if (message?.origin === origin) return;
    // Unreadable: drop everything rather than guess what it meant.
    for (const change of message?.changes ?? [{ all: true as const }]) cache.invalidate(change);
    if (message?.id) pub.publish(ackChannel, message.id).catch((err) => log.warn({ err }, 'actor relay: ack not sent'));
  });

  return {
    async ready() {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), READY_TIMEOUT_MS);
      });
      const outcome = await Promise.race([firstSubscription, timeout]);
      clearTimeout(timer);
      if (outcome === 'timeout') log.error('actor relay: Redis not reachable yet; the actor cache stays off until it is');
    },
    async publish(changes) {
      const id = crypto.randomUUID();
      let timer: NodeJS.Timeout | undefined;
      let done: () => void = () => {};
      const acknowledged = new Promise<'acked'>((resolve) => {
        done = () => resolve('acked');
      });
      // Registered before publishing: an ack may come back before PUBLISH answers.
      const wait = { acks: 0, expected: Number.POSITIVE_INFINITY, done };
      waiting.set(id, wait);
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), PUBLISH_TIMEOUT_MS);
      });
      try {
        const sent = pub.publish(channel, JSON.stringify({ origin, id, changes })).then((receivers) => {
          // Every subscriber but this process's own connection answers.
          wait.expected = receivers - 1;
          if (wait.acks >= wait.expected) done();
          return acknowledged;
        });
        if ((await Promise.race([sent, timeout])) === 'timeout') {
          log.error({ changes }, 'actor relay: not every API process acknowledged an invalidation in time');
        }
      } catch (err) {
        log.error({ err, changes }, 'actor relay: invalidation not sent');
      } finally {
        clearTimeout(timer);
        waiting.delete(id);
      }
    },
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
      pub.disconnect();
      sub.disconnect();
    },
  };
}
