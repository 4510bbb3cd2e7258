import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../../../config';
import { unauthorized } from '../../../http/errors';

/**
 * Metrics in the Prometheus text format (prom-client), off unless METRICS=on: the process
 * (memory, CPU, event-loop lag, from the library), HTTP requests by route template (rate,
 * latency histogram, server errors), the database pool, the sockets, and the lengths of the
 * work queues kept in the database. Served on METRICS_PORT when set (a port a firewall
 * keeps private), else on GET /metrics of the API's port behind `Authorization: Bearer
 * METRICS_TOKEN` (config.ts refuses METRICS=on with neither).
 */
export type MetricsConfig = Pick<Config, 'METRICS' | 'METRICS_TOKEN' | 'METRICS_PORT' | 'METRICS_HOST'>;

/** Route templates only (never raw URLs, whose ids would make one series per record). */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/** Seconds buckets from 5 ms to 10 s: list pages answer in tens of ms, exports take seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The registry of one app, filled by its hooks and by collectors run at each scrape. */
export function createMetrics(app: FastifyInstance): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_server_errors_total',
    help: 'HTTP requests answered with a 5xx status, by method and route template',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    if (reply.statusCode >= 500) errors.inc({ method: request.method, route });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of the database pool, by state (total, idle, waiting: requests queued for a connection)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = app.db.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'socket_connections',
    help: 'Socket.IO connections open on this process',
    registers: [registry],
    collect() {
      this.set(app.io?.engine.clientsCount ?? 0);
    },
  });
  new Gauge({
    name: 'queue_length',
    help: 'Work waiting in the database queues: outbox (messages not sent), webhook_deliveries (pending), broadcasts (still sending)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      // Each count reads a partial index of its queue's waiting rows.
      const [row] = await app.db.rows<{ outbox: number; webhooks: number; broadcasts: number }>(sql`
        SELECT (SELECT count(*) FROM outbox WHERE sent_at IS NULL)::int AS outbox,
               (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending')::int AS webhooks,
               (SELECT count(*) FROM broadcasts WHERE status = 'sending')::int AS broadcasts`);
      this.set({ queue: 'outbox' }, row.outbox);
      this.set({ queue: 'webhook_deliveries' }, row.webhooks);
      this.set({ queue: 'broadcasts' }, row.broadcasts);
    },
  });
  return registry;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Starts counting when METRICS=on (first among the hooks, so that every route is counted); null when off. */
export function registerMetrics(app: FastifyInstance, config: MetricsConfig): Registry | null {
  return config.METRICS ? createMetrics(app) : null;
}

/**
 * Where the metrics are read: their own port (METRICS_PORT), else GET /metrics behind the
 * token. Registered after the error handler, so that a refusal is in the product's envelope.
 */
export function serveMetrics(app: FastifyInstance, registry: Registry, config: MetricsConfig): void {
  if (config.METRICS_PORT !== undefined) {
    let server: Server | undefined;
    app.addHook('onReady', async () => {
      const metricsServer = createServer((req, res) => {
        if (req.method !== 'GET' || req.url !== '/metrics') {
          res.writeHead(404).end();
          return;
        }
        registry.metrics().then(
          (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
          (error) => {
            app.log.error({ err: error }, 'metrics: collection failed');
            res.writeHead(500).end();
          },
        );
      });
      server = metricsServer;
      await new Promise<void>((resolve, reject) => {
        metricsServer.once('error', reject);
        metricsServer.listen(config.METRICS_PORT, config.METRICS_HOST, () => resolve());
      });
      app.log.info({ port: (metricsServer.address() as { port: number }).port }, 'metrics served on their own port');
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    });
    app.decorate('metricsServer', () => server);
    return;
  }
  const token = config.METRICS_TOKEN as string;
  app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, token)) throw unauthorized();
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The separate metrics server (METRICS_PORT), once the app is ready; tests read its port. */
    metricsServer?: () => Server | undefined;
  }
}
