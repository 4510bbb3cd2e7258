// Redis stopped for two seconds and started again: rate limits and caches fall back,
// ioredis reconnects, the Socket.IO adapter re-subscribes.
import { sleep } from '../processes';
import type { Fault } from './fault';

export const redisRestart: Fault = {
  key: 'redis',
  name: 'Redis restarted',
  async inject({ redis }) {
    await redis.stop();
    await sleep(2_000);
  },
  recover: ({ redis }) => redis.start(),
};
