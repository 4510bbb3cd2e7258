/**
 * A run interrupted (Ctrl-C's SIGINT, or SIGTERM) runs `stop` first, then exits as an
 * interrupted process does (130 or 143), so that it leaves no process of its own (API
 * process, HAProxy, database server, Chromium) running on the machine. Returns the way to
 * stop listening, for a run that stopped them itself.
 *
 * Plain JavaScript so that the figures scripts (node, no TypeScript loader) and the
 * deployment tests (deploy/test/processes.ts re-exports it) share this one copy.
 *
 * @param {() => Promise<void>} stop
 * @returns {() => void}
 */
export function stopOnInterrupt(stop) {
  const handlers = /** @type {const} */ (['SIGINT', 'SIGTERM']).map((signal) => {
    const handler = () => {
      console.log(`\ninterrupted (${signal}): stopping the run's processes`);
      void stop()
        .catch((error) => console.error(error))
        .finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    };
    process.once(signal, handler);
    return /** @type {const} */ ([signal, handler]);
  });
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
}
