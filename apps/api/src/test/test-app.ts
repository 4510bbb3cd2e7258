import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { openTestDatabase } from './test-db';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

/** The real app over this test file's own database, without the web build. */
export async function openTestApp(
  env: Record<string, string> = {},
  /** Extra routes a test needs, added before the instance is ready. */
  extend?: (app: FastifyInstance) => void,
  /** Told every statement the app sends (tests counting statements per request). */
  onStatement?: (text: string) => void,
): Promise<TestApp> {
  const db = await openTestDatabase({ onStatement });
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', RATE_LIMIT_MAX: '100000', LIMITS_ENFORCED: 'false', PAYMENT_EMULATORS: 'true', RENEWAL_SWEEP_INTERVAL_S: '0', ...env });
  const app = await buildApp({ config, db, serveWeb: false });
  extend?.(app);
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.close();
    },
  };
}
