import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** How long start-up waits for Redis before going on (ioredis keeps reconnecting after). */
const READY_TIMEOUT_MS = 10_000;

export interface RedisLink {
  adapter: ReturnType<typeof createAdapter>;
  /** Resolves once both connections are up and the adapter's subscriptions are in place. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The Socket.IO Redis adapter over two ioredis connections (publishing, and one held in
 * subscriber mode), so a broadcast made on one API process reaches sockets on the others.
 */
export function connectRedisAdapter(url: string, keyPrefix: string, log: FastifyBaseLogger): RedisLink {
  const pub = new Redis(url, { connectionName: 'socket-pub' });
  const sub = new Redis(url, { connectionName: 'socket-sub' });
  // Without listeners ioredis would print every reconnect failure; the log keeps them.
  pub.on('error', (err) => log.warn({ err }, 'socket redis (publish) connection error'));
  sub.on('error', (err) => log.warn({ err }, 'socket redis (subscribe) connection error'));
  // Channels are `{prefix}socket.io#/#{room}#`, so deployments sharing a Redis stay apart.
  const adapter = createAdapter(pub, sub, { key: `${keyPrefix}socket.io` });

  return {
    adapter,
    async ready() {
      // The adapter queued its (p)subscribe on `sub` when the namespace was created; a PING
      // queued after them answers only once they are done, so events cannot be missed.
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), READY_TIMEOUT_MS);
      });
      try {
        const outcome = await Promise.race([Promise.all([pub.ping(), sub.ping()]), timeout]);
        if (outcome === 'timeout') log.error({ url: redactUrl(url) }, 'socket redis not reachable yet; events stay local until it is');
      } catch (err) {
        log.error({ err }, 'socket redis not reachable; events stay local until it is');
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
      pub.disconnect();
      sub.disconnect();
    },
  };
}

function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
