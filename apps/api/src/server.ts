import pino from 'pino';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirBusyError, type DatabaseServer, startDatabaseServer } from './db/database-server';
import { seedDemoData } from './demo/demo';
import { seedPlatformData } from './db/seed/platform';
import { seedReferenceData } from './db/seed/reference';
import { SESSION_PURGE_INTERVAL_MS, startSessionPurge } from './modules/identity/auth/session-purge';
import { startOrphanUploadSweep } from './modules/collection/medias/orphan-uploads';
import { AnonymousUploadBudget } from './modules/collection/medias/upload-budget';
import { createThrottleStore } from './modules/identity/auth/throttle';
import { startErrorReporting, stopErrorReporting } from './modules/platform/error-reporting/error-reporting';
import { Lifecycle } from './modules/platform/health/lifecycle';
import { withSetupLock } from './db/startup-lock';

/** After the grace, how long closing the database may take before the process exits anyway. */
const LAST_RESORT_MS = 10_000;

/**
 * Starts the product: the database (the embedded PostgreSQL server unless DATABASE_URL
 * names one), migrations, seed, then API + socket + web on one port. Stops in the other
 * order: the API drains, then the embedded server stops.
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const log = pino({ level: config.LOG_LEVEL });
  // First, so that a failure of the start itself is reported too.
  if (await startErrorReporting(config)) log.info('error reporting on (SENTRY_DSN)');
  let server: DatabaseServer;
  try {
    server = await startDatabaseServer(config, { info: (m) => log.info(m), warn: (m) => log.warn(m) });
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      log.fatal(error.message);
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  try {
    await serve(config, log, server);
  } catch (error) {
    log.fatal({ err: error }, 'start failed');
    await server.stop();
    process.exit(1);
  }
}

async function serve(config: Config, log: pino.Logger, server: DatabaseServer) {
  const db = await openDatabase({
    databaseUrl: server.url,
    statementTimeoutMs: config.STATEMENT_TIMEOUT_MS,
    onPoolError: (error) => log.warn({ err: error }, 'database connection lost; the pool will reconnect'),
  });
  const lifecycle = new Lifecycle({ migrated: false });
  // One process at a time on a database (startup-lock.ts): N processes started together
  // apply each migration once, and seed without racing each other.
  await withSetupLock(
    server.url,
    async () => {
      await db.migrate();
      await seedReferenceData(db);
      await seedPlatformData(db);
      if (config.SEED_DEMO) await seedDemoData(db);
    },
    () => log.info('another process is setting the database up: waiting for it'),
  );
  lifecycle.migrated = true;

  const app = await buildApp({ config, db, lifecycle });
  const uploadBudget = new AnonymousUploadBudget(createThrottleStore(config, db), config);
  const uploadSweep = startOrphanUploadSweep(db, app.log, {
    budget: uploadBudget,
    dataDir: config.DATA_DIR,
    graceMs: config.ANON_UPLOAD_ORPHAN_GRACE_S * 1000,
    intervalMs: config.ANON_UPLOAD_SWEEP_INTERVAL_S * 1000,
  });
  const sessionPurge = startSessionPurge(db, app.log, {
    retentionMs: config.SESSION_RETENTION_DAYS * 24 * 3600 * 1000,
    intervalMs: SESSION_PURGE_INTERVAL_MS,
  });
  // Closed with the app, like the messenger, so that no sweep outlives the database.
  app.addHook('onClose', () => uploadSweep.stop().then(() => uploadBudget.close()));
  app.addHook('onClose', () => sessionPurge.stop());
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  let closing = false;
  /**
   * Readiness answers 503 at once (the load balancer sends new requests elsewhere); after
   * SHUTDOWN_DELAY_MS the port stops accepting, the sockets are told to reconnect (to
   * another process), in-flight requests and streaming exports finish; then the database
   * closes, last. Whatever is still running when SHUTDOWN_GRACE_MS is up is cut.
   */
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    lifecycle.draining = true;
    const started = Date.now();
    app.log.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'shutting down: readiness is 503, finishing in-flight requests');
    const cut = setTimeout(() => {
      app.log.warn('shutdown grace over: cutting the connections left');
      app.server.closeAllConnections();
      setTimeout(() => process.exit(1), LAST_RESORT_MS).unref();
    }, config.SHUTDOWN_GRACE_MS);
    cut.unref();
    try {
      if (config.SHUTDOWN_DELAY_MS > 0) await new Promise((r) => setTimeout(r, config.SHUTDOWN_DELAY_MS));
      await app.close(); // preClose: sockets told to reconnect; then no new connection, in-flight requests finish
      clearTimeout(cut);
      await db.close();
      await server.stop();
      await stopErrorReporting();
      app.log.info({ ms: Date.now() - started }, 'stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      await server.stop().catch(() => {});
      process.exit(1);
    }
  }

  await app.listen({ port: config.PORT, host: config.HOST });
}

void main();
