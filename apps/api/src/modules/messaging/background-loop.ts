import type { FastifyBaseLogger } from 'fastify';

export interface BackgroundLoop {
  /** Runs a round now (or once more after the running one): tests and fresh work. */
  kick(): void;
  /** Waits until no round is running (tests poll state after it). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * One round of `work` at a time, every `intervalMs` (never with 0) and on `kick`, like
 * the messenger's dispatcher: an unref'd timer, failures logged and retried next round.
 * `work` answers whether there is more to do right away.
 */
export function startBackgroundLoop(name: string, log: FastifyBaseLogger, intervalMs: number, work: () => Promise<boolean>): BackgroundLoop {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const round = async () => {
    do {
      // Between batches, let waiting I/O (requests) in first: their queries then queue
      // before the next batch's transaction instead of after the whole job.
      if (again) await new Promise((resolve) => setImmediate(resolve));
      again = false;
      try {
        if (await work()) again = true;
      } catch (error) {
        log.warn({ err: error }, `${name} failed`);
      }
    } while (again && !stopped);
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = round().finally(() => {
      running = null;
    });
  };
  const timer = intervalMs > 0 ? setInterval(kick, intervalMs) : null;
  timer?.unref();
  return {
    kick,
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      while (running) await running;
    },
  };
}
