/** scripts/lib/stop-on-interrupt.mjs: `stop` runs on SIGINT or SIGTERM, then the process exits (130 or 143). */
export function stopOnInterrupt(stop: () => Promise<void>): () => void;
