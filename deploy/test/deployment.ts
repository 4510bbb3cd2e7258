// A deployment as docs/DEPLOY.md describes it, on one machine: three API processes on one
// PostgreSQL database and one Redis, behind HAProxy running deploy/haproxy.cfg.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureApiBuilt, freePort, healthPath, type Managed, startApiProcess, startHaproxy, waitFor200 } from './processes';

export interface DeploymentOptions {
  databaseUrl: string;
  redisUrl: string;
  /** Upload folder shared by the processes (DATA_DIR); a temporary one when absent. */
  dataDir?: string;
  /** More API settings (e.g. a shorter statement timeout). */
  env?: Record<string, string>;
  processes?: number;
  /**
   * Start a process again 2 s after it exits on its own, as systemd's Restart=always does
   * (deploy/systemd/enquetes-api@.service). Off: a process that dies stays dead.
   */
  supervise?: boolean;
}

export interface Deployment {
  /** The proxy's base URL: what clients use. */
  url: string;
  apis: Managed[];
  apiUrls: string[];
  haproxy: Managed;
  /** HAProxy's runtime API (a Unix socket). */
  adminSocket: string;
  healthPath: string;
  dataDir: string;
  logDir: string;
  /** Starts process `i` again (after a kill), on its port; resolves once it is ready. */
  restart(i: number): Promise<void>;
  /** Resolves once process `i` (as restarted by the supervisor) answers on its readiness path. */
  waitReady(i: number): Promise<void>;
  /** Exits of processes that nobody asked for (with `supervise`: each was restarted). */
  unplannedExits(): number;
  stop(): Promise<void>;
}

// Generous: a 2-core machine shared with other work starts a process in seconds, or in minutes.
const START_TIMEOUT_MS = 600_000;

export async function startDeployment(options: DeploymentOptions): Promise<Deployment> {
  const count = options.processes ?? 3;
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'deploy-logs-'));
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'deploy-data-'));
  mkdirSync(dataDir, { recursive: true });
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    // A prefix of its own, so that runs sharing the machine's Redis never see each other.
    REDIS_KEY_PREFIX: `deploy-${randomBytes(5).toString('hex')}:`,
    DATA_DIR: dataDir,
    // Only the proxy's hop is believed (it runs on this machine: 127.0.0.1).
    TRUST_PROXY: '127.0.0.1',
    // Demo accounts, asked for explicitly (never by default in production): the test signs in with them.
    SEED_DEMO: 'false',
    PAYMENT_EMULATORS: 'false',
    LOG_LEVEL: 'warn',
    // Every request comes from one address here; the limits are tested elsewhere.
    RATE_LIMIT_MAX: '100000000',
    PUBLIC_RATE_LIMIT_MAX: '100000000',
    ANON_UPLOAD_RATE_LIMIT_MAX: '100000000',
    AUTH_IP_MAX_FAILURES: '100000',
    ...options.env,
  };
  const apiUrls = ports.map((p) => `http://127.0.0.1:${p}`);
  ensureApiBuilt();
  const apis: Managed[] = [];
  let stopping = false;
  let unplanned = 0;
  const start = (i: number): Managed => {
    const api = startApiProcess({ name: `api${i + 1}`, port: ports[i], env, logFile: path.join(logDir, `api${i + 1}.log`) });
    void api.exited.then(async () => {
      if (stopping || !options.supervise || apis[i] !== api) return;
      unplanned++;
      await new Promise((r) => setTimeout(r, 2_000));
      if (!stopping && apis[i] === api) apis[i] = start(i);
    });
    return api;
  };
  const stopAll = async () => {
    stopping = true;
    await Promise.all(apis.map((a) => a.stop()));
  };
  let haproxy: Managed | undefined;
  try {
    // The first process alone, until ready: it applies the migrations and the seed; then
    // the others, which find them done.
    apis.push(start(0));
    const check = await healthPath(apiUrls[0], START_TIMEOUT_MS, apis[0]);
    for (let i = 1; i < count; i++) apis.push(start(i));
    await Promise.all(apis.slice(1).map((a, i) => waitFor200(`${apiUrls[i + 1]}${check}`, START_TIMEOUT_MS, a)));

    const proxyPort = await freePort();
    const statsPort = await freePort();
    const proxyEnv: Record<string, string> = {
      HAPROXY_BIND: `127.0.0.1:${proxyPort}`,
      HAPROXY_STATS_BIND: `127.0.0.1:${statsPort}`,
      HEALTH_PATH: check,
      HAPROXY_ADMIN_SOCKET: path.join(logDir, 'haproxy-admin.sock'),
    };
    apiUrls.forEach((u, i) => {
      proxyEnv[`API${i + 1}`] = u.replace('http://', '');
    });
    haproxy = startHaproxy(proxyEnv, path.join(logDir, 'haproxy.log'));
    const url = `http://127.0.0.1:${proxyPort}`;
    await waitFor200(`${url}${check}`, 30_000, haproxy);
    const proxy = haproxy;
    return {
      url,
      apis,
      apiUrls,
      haproxy: proxy,
      adminSocket: proxyEnv.HAPROXY_ADMIN_SOCKET,
      healthPath: check,
      dataDir,
      logDir,
      async restart(i) {
        apis[i] = start(i);
        await waitFor200(`${apiUrls[i]}${check}`, START_TIMEOUT_MS, apis[i]);
      },
      async waitReady(i) {
        await waitFor200(`${apiUrls[i]}${check}`, START_TIMEOUT_MS);
      },
      unplannedExits: () => unplanned,
      async stop() {
        await stopAll();
        await proxy.stop(5_000);
        if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stopAll();
    await haproxy?.stop(2_000);
    throw new Error(`${(error as Error).message} (logs in ${logDir})`);
  }
}
