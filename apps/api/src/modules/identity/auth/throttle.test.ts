import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../config';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { createUserWithPassword, deviceRef, PASSWORD, post, unique } from './auth.test-helpers';
import { createDatabaseThrottleStore, createRedisThrottleStore, Throttle, type ThrottleStore } from './throttle';

const REDIS_URL = loadConfig().REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

let t: TestApp;
let hasRedis = false;
beforeAll(async () => {
  t = await openTestApp();
  hasRedis = await redisReachable();
});
afterAll(() => t.close());

function describeStore(name: string, makeStore: () => ThrottleStore) {
  describe(`the ${name} store`, () => {
    it('counts hits in a window, peeks without counting, and clears', async (ctx) => {
      if (name === 'Redis' && !hasRedis) ctx.skip();
      const store = makeStore();
      try {
        const key = unique('k');
        expect(await store.peek(key)).toBeNull();
        expect((await store.hit(key, 60)).hits).toBe(1);
        const second = await store.hit(key, 60);
        expect(second.hits).toBe(2);
        expect(second.retryAfterS).toBeGreaterThan(0);
        expect(second.retryAfterS).toBeLessThanOrEqual(60);
        expect((await store.peek(key))?.hits).toBe(2);
        await store.clear(key);
        expect(await store.peek(key)).toBeNull();
      } finally {
        await store.close();
      }
    });

    it('adds an amount to a window, and gives some back with a negative one', async (ctx) => {
      if (name === 'Redis' && !hasRedis) ctx.skip();
      const store = makeStore();
      try {
        const key = unique('k');
        expect((await store.hit(key, 60, 300)).hits).toBe(300);
        expect((await store.hit(key, 60, 200)).hits).toBe(500);
        expect((await store.hit(key, 60, -200)).hits).toBe(300);
        expect((await store.peek(key))?.hits).toBe(300);
      } finally {
        await store.close();
      }
    });

    it('throws 429 with Retry-After past the limit', async (ctx) => {
      if (name === 'Redis' && !hasRedis) ctx.skip();
      const store = makeStore();
      const throttle = new Throttle(store, 120);
      try {
        const limit = { key: unique('k'), max: 2 };
        await throttle.consume([limit]);
        await throttle.consume([limit]);
        await expect(throttle.consume([limit])).rejects.toMatchObject({ status: 429, headers: { 'retry-after': expect.any(String) } });
        await expect(throttle.assertOpen([limit])).rejects.toMatchObject({ status: 429 });
        await throttle.reset(limit.key);
        await throttle.assertOpen([limit]);
      } finally {
        await throttle.close();
      }
    });
  });
}

describeStore('database', () => createDatabaseThrottleStore(t.db));
describeStore('Redis', () => createRedisThrottleStore(REDIS_URL, `test-${unique()}:`));

describe('sign-in limits with REDIS_URL set', () => {
  it('keep the counters in Redis, shared by two app instances', async (ctx) => {
    if (!hasRedis) ctx.skip();
    const env = { REDIS_URL, REDIS_KEY_PREFIX: `test-${unique()}:` };
    const first = await openTestApp(env);
    try {
      const second = await buildApp({
        config: loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', RATE_LIMIT_MAX: '100000', ...env }),
        db: first.db,
        serveWeb: false,
      });
      await second.ready();
      try {
        const user = await createUserWithPassword(first.db);
        for (let i = 0; i < 5; i++) {
          const app = i % 2 === 0 ? first.app : second;
          const res = await post(app, '/auth/login', { login: user.email, password: 'wrong-password', device: { ref: deviceRef() } });
          expect(res.status).toBe(401);
        }
        const blocked = await post(second, '/auth/login', { login: user.email, password: PASSWORD, device: { ref: deviceRef() } });
        expect(blocked.status).toBe(429);
        const redis = new Redis(REDIS_URL);
        const keys = await redis.keys(`${env.REDIS_KEY_PREFIX}throttle:login:*`);
        redis.disconnect();
        expect(keys).toContain(`${env.REDIS_KEY_PREFIX}throttle:login:${user.email}`);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });
});
