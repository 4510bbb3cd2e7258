import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import type { EmbeddedLog } from './embedded-server';
import { processAlive, waitForExit } from './processes';

// The server process: a free port, its settings, waiting until it answers, and stopping it.

/** Startup includes crash recovery after a power cut, which replays the WAL: generous. */
const START_TIMEOUT_MS = 10 * 60_000;
const STOP_TIMEOUT_MS = 60_000;
const SMART_STOP_MS = 5_000;

export async function waitUntilReady(adminUrl: string, child: ChildProcess | undefined, pid: number, logFile: string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child ? child.exitCode !== null || child.signalCode !== null : !processAlive(pid)) {
      throw new Error(`Le serveur PostgreSQL intégré s'est arrêté au démarrage : voir ${logFile}`);
    }
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`Le serveur PostgreSQL intégré ne répond pas (${(error as Error).message}) : voir ${logFile}`);
    } finally {
      await client.end().catch(() => {});
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function durability(throwaway: boolean): string[] {
  const value = throwaway ? 'off' : 'on';
  return ['-c', `fsync=${value}`, '-c', `full_page_writes=${value}`, '-c', `synchronous_commit=${value}`];
}

/**
 * Waits (up to a time) for the server to exit: the child's exit event when this process
 * started it (its pid stays taken until it is reaped), else its pid going away.
 */
function exitWatch(child: ChildProcess | undefined, pid: number): (timeoutMs: number) => Promise<boolean> {
  const exited = child ? new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r()))) : undefined;
  return async (timeoutMs) => {
    if (!exited) return waitForExit(pid, timeoutMs);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((r) => {
      timer = setTimeout(() => r(false), timeoutMs);
    });
    const done = await Promise.race([exited.then(() => true), late]);
    clearTimeout(timer);
    return done;
  };
}

/**
 * The server's stop, once for all callers: smart shutdown first: the pool's connections
 * may still be closing (pg's pool.end() resolves before its sockets are closed), so they
 * end on their own, unwarned; then fast shutdown (open transactions rolled back) for
 * whatever still holds on. Both write a checkpoint. Resolves once the server has exited
 * (or, with a warning, once the waits ran out).
 */
export function serverStopper(child: ChildProcess | undefined, pid: number, log: EmbeddedLog): () => Promise<void> {
  const gone = exitWatch(child, pid);
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      for (const [signal, waitMs] of [['SIGTERM', SMART_STOP_MS], ['SIGINT', STOP_TIMEOUT_MS]] as const) {
        try {
          process.kill(pid, signal);
        } catch {
          return; // already gone
        }
        if (await gone(waitMs)) return;
      }
      log.warn(`le serveur PostgreSQL intégré (processus ${pid}) ne s'est pas arrêté en ${(SMART_STOP_MS + STOP_TIMEOUT_MS) / 1000} s`);
    })();
    return stopped;
  };
  return stop;
}
