import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../http/envelope';
import { AppError } from '../../../http/errors';
import { PUBLIC_ROUTE } from '../../../http/route-access';

/** GET health: the process answers and the database runs a query. */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { schema: { tags: ['health'], summary: 'État du service' }, config: { rateLimit: false, ...PUBLIC_ROUTE } }, async () => {
    const started = performance.now();
    try {
      await app.db.rows(sql`SELECT 1`);
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError(503, 'database_unavailable');
    }
    return ok({
      status: 'ok',
      database: 'postgres',
      database_ms: Math.round((performance.now() - started) * 10) / 10,
      uptime_s: Math.round(process.uptime()),
    });
  });
}
