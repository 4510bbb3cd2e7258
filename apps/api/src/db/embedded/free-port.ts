import { createServer } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now: the system picks it for a
 * listener that is closed at once. The one implementation for the embedded PostgreSQL, the
 * API's process tests, deploy/test and the journeys (scripts/lib/product-server.mjs keeps
 * a plain-JavaScript copy, as scripts run without a TypeScript loader).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
