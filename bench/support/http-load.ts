import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';

/** Listens on 127.0.0.1 on a free port and returns the base URL. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A fixed JSON body, or one built per request (unique keys). */
  body?: unknown | (() => unknown);
  connections?: number;
  durationS: number;
  /**
   * `completed`: responses received over the run's length, instead of autocannon's mean
   * of one-second samples, which undercounts short runs of slow requests (the first
   * second holds the ramp-up, and a 2-second slice has only two samples).
   */
  rate?: 'mean' | 'completed';
  /**
   * Seconds of the same load sent first and not counted: the first half of a bench that
   * compares two servers in one process otherwise also pays V8's warm-up (route
   * compilation, the query engine's first plans) and reads slower than the second.
   */
  warmUpS?: number;
}

/** Requests per second from autocannon; any non-2xx answer or socket error fails the run. */
export async function requestsPerSecond(options: LoadOptions): Promise<number> {
  if (options.warmUpS) await requestsPerSecond({ ...options, durationS: options.warmUpS, warmUpS: 0 });
  const { body } = options;
  const headers = { ...options.headers, ...(body !== undefined && { 'content-type': 'application/json' }) };
  const dynamic = typeof body === 'function';
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    connections: options.connections ?? 10,
    duration: options.durationS,
    headers,
    ...(body !== undefined && !dynamic && { body: JSON.stringify(body) }),
    ...(dynamic && {
      requests: [
        {
          setupRequest: (request: autocannon.Request) => ({ ...request, body: JSON.stringify((body as () => unknown)()) }),
        },
      ],
    }),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return options.rate === 'completed' ? result.requests.total / result.duration : result.requests.average;
}

/** Stops the whole benchmark process if it runs longer than `minutes` (a hung request). */
export function stopAfter(minutes: number, label: string): void {
  setTimeout(() => {
    console.error(`${label}: gave up after ${minutes} minutes`);
    process.exit(1);
  }, minutes * 60_000).unref();
}

/**
 * Two loads measured in turns (A, B, A, B, ...) of `durationS / rounds` each, the median
 * of each side: on a machine shared with other work, both sides see the same background
 * load, so their ratio moves far less than that of two long runs one after the other.
 */
export async function pairedRequestsPerSecond(
  a: Omit<LoadOptions, 'durationS'>,
  b: Omit<LoadOptions, 'durationS'>,
  durationS: number,
  rounds = 5,
): Promise<[number, number]> {
  const slice = Math.max(1, Math.round(durationS / rounds));
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    as.push(await requestsPerSecond({ ...a, durationS: slice }));
    bs.push(await requestsPerSecond({ ...b, durationS: slice }));
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  return [median(as), median(bs)];
}
