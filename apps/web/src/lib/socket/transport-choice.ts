/**
 * Which transports the live socket uses (issue 21, "données réduites"). Websocket first
 * with the polling fallback, and every transport tried (`tryAllTransports`): a network
 * that blocks websocket (some mobile operators' proxies) still gets its live events over
 * long polling. Once websocket failed, under "données réduites" the socket stays on long
 * polling for a day (no upgrade attempt, which on 2G costs a round trip and bytes at
 * every reconnection); without it, each connection tries websocket again.
 */
import type { KeyValueStore } from '../../answer/answer-storage';

const WS_FAILED_KEY = 'enq.ws-failed-at';
const REMEMBER_MS = 24 * 3600 * 1000;

export interface TransportChoice {
  transports: Array<'websocket' | 'polling'>;
  upgrade: boolean;
  tryAllTransports: true;
}

export function chooseTransports(store: KeyValueStore | null, reduced: boolean, now = Date.now()): TransportChoice {
  const failedAt = Number(store?.getItem(WS_FAILED_KEY));
  const failedLately = Number.isFinite(failedAt) && failedAt > 0 && now - failedAt < REMEMBER_MS;
  if (reduced && failedLately) return { transports: ['polling'], upgrade: false, tryAllTransports: true };
  return { transports: ['websocket', 'polling'], upgrade: true, tryAllTransports: true };
}

/** After a connection: websocket was tried but the socket came up on polling, or websocket works again. */
export function noteConnectedTransport(store: KeyValueStore | null, choice: TransportChoice, transport: string, now = Date.now()): void {
  try {
    if (transport === 'websocket') store?.removeItem(WS_FAILED_KEY);
    else if (choice.transports[0] === 'websocket') store?.setItem(WS_FAILED_KEY, String(now));
  } catch {
    // Storage full or refused: the next connection tries websocket again, nothing worse.
  }
}
