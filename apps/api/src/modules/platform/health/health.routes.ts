import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../http/envelope';
import { AppError } from '../../../http/errors';
import { PUBLIC_ROUTE } from '../../../http/route-access';
import { z } from 'zod';
import { okSchema } from '../../../http/response-schemas';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('postgres'),
  database_ms: z.number().describe('Durée du SELECT 1, en millisecondes'),
  uptime_s: z.number().int().describe('Secondes depuis le démarrage du processus'),
});
const liveSchema = z.object({ status: z.literal('live'), uptime_s: z.number().int() });
const readySchema = z.object({ status: z.literal('ready'), database_ms: z.number() });

/** Public and never rate-limited: load balancers and monitors call them every few seconds. */
const PROBE = { rateLimit: false, ...PUBLIC_ROUTE } as const;

/** Runs `SELECT 1`; a 503 in the envelope when the database does not answer. */
async function databaseAnswers(app: FastifyInstance): Promise<number> {
  const started = performance.now();
  try {
    await app.db.rows(sql`SELECT 1`);
  } catch (error) {
    app.log.error({ err: error }, 'health check: database unreachable');
    throw new AppError(503, 'database_unavailable');
  }
  return Math.round((performance.now() - started) * 10) / 10;
}

/**
 * GET health (the process answers and the database runs a query), GET health/live (the
 * process answers: a supervisor restarts it otherwise; never asks the database, so that a
 * database outage does not get every process restarted), GET health/ready (this process
 * should get traffic: migrations ran, it is not shutting down, the database answers).
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { schema: { tags: ['health'], summary: 'État du service', response: { 200: okSchema(healthSchema) } }, config: PROBE }, async () => {
    const databaseMs = await databaseAnswers(app);
    return ok({ status: 'ok', database: 'postgres', database_ms: databaseMs, uptime_s: Math.round(process.uptime()) });
  });

  app.get('/health/live', { schema: { tags: ['health'], summary: 'Processus vivant (liveness)', response: { 200: okSchema(liveSchema) } }, config: PROBE }, async () =>
    ok({ status: 'live', uptime_s: Math.round(process.uptime()) }),
  );

  app.get('/health/ready', { schema: { tags: ['health'], summary: 'Prêt à recevoir du trafic (readiness)', response: { 200: okSchema(readySchema) } }, config: PROBE }, async () => {
    const reason = app.lifecycle.notReadyReason();
    // The code says why, for the operator reading the load balancer's log.
    if (reason === 'draining') throw new AppError(503, 'shutting_down');
    if (reason === 'starting') throw new AppError(503, 'starting');
    const databaseMs = await databaseAnswers(app);
    return ok({ status: 'ready', database_ms: databaseMs });
  });
}
