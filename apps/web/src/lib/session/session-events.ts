type Listener = (sid: string) => void;

const listeners = new Set<Listener>();

/**
 * A session ended on its own (401, 499, a refresh refused): whoever shows that account
 * must go to its forced-logout page. Kept apart from the store so the transport, the
 * socket and the router stay decoupled.
 */
export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifySessionEnded(sid: string): void {
  for (const listener of listeners) listener(sid);
}
