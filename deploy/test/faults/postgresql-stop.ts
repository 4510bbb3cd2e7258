// PostgreSQL stopped for ten seconds and started again: requests that reach an API
// process answer 503 with Retry-After (never 500); submissions retried with their key are
// stored once when it is back.
import { sleep } from '../processes';
import type { Fault } from './fault';

export const postgresqlStop: Fault = {
  key: 'postgresql',
  name: 'PostgreSQL stopped for 10 s',
  async inject({ postgres }) {
    await postgres.stop();
    await sleep(10_000);
  },
  recover: ({ postgres }) => postgres.start(),
};
