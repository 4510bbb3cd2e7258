/**
 * Where this process stands, for the readiness endpoint and the load balancer behind it:
 * `migrated` once the database's migrations have run (server.ts sets it after
 * `db.migrate()`), `draining` from the first SIGTERM/SIGINT on, so that readiness answers
 * 503 at once while in-flight requests finish (server.ts "shutdown").
 */
export class Lifecycle {
  migrated: boolean;
  draining = false;

  constructor(options: { migrated: boolean }) {
    this.migrated = options.migrated;
  }

  /** Why this process should get no new traffic, or null when it may. */
  notReadyReason(): 'starting' | 'draining' | null {
    if (this.draining) return 'draining';
    return this.migrated ? null : 'starting';
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}
