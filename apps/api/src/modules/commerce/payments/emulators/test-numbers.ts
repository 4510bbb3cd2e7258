/**
 * What the local operator emulators do with a payer's number (README "Paiements de test"):
 * 6XX000001 (or any other number) succeeds, 6XX000002 is refused by the payer, 6XX000003
 * lacks funds, 6XX000004 never answers (the transaction expires). MTN: 670000001..4;
 * Orange: 690000001..4. MTN's 670000005 is taken by the operator but answered with a 500
 * (as after a timeout), then succeeds.
 */
export type EmulatedOutcome = 'success' | 'refused' | 'insufficient_funds' | 'no_answer';

/** A request the operator records (and later approves) while answering the sender with a 500. */
export function answersWithServerError(phone: string): boolean {
  return /^6\d{2}000005$/.test(phone.replace(/^\+?237/, ''));
}

export function emulatedOutcomeOf(phone: string): EmulatedOutcome {
  const national = phone.replace(/^\+?237/, '');
  const match = /^6\d{2}00000([1-5])$/.exec(national);
  switch (match?.[1]) {
    case '2':
      return 'refused';
    case '3':
      return 'insufficient_funds';
    case '4':
      return 'no_answer';
    default:
      return 'success';
  }
}

/** An emulated request kept in memory until its outcome is due. */
export interface EmulatedRequest {
  outcome: EmulatedOutcome;
  /** When the request stops being PENDING (never for no_answer). */
  dueAt: number;
  callbackUrl: string;
  /** The request as sent (absent for an Orange payToken not yet used by mp/pay). */
  body?: Record<string, unknown>;
  createdAt: number;
}

/** A bounded in-memory store: old requests are dropped so a long-running server does not grow. */
export class EmulatorStore {
  private readonly requests = new Map<string, EmulatedRequest>();
  constructor(private readonly max = 50_000) {}
  get(id: string) {
    return this.requests.get(id);
  }
  has(id: string) {
    return this.requests.has(id);
  }
  set(id: string, request: EmulatedRequest) {
    if (this.requests.size >= this.max) {
      const oldest = this.requests.keys().next().value;
      if (oldest !== undefined) this.requests.delete(oldest);
    }
    this.requests.set(id, request);
  }
}

/** Whether the outcome is known to the operator yet (delay < 0: at once). */
export function isDue(request: EmulatedRequest, now = Date.now()): boolean {
  return request.outcome !== 'no_answer' && now >= request.dueAt;
}

/** Sends a callback like an operator would; failures are ignored (the server also polls). */
export async function deliverCallback(url: string, method: 'POST' | 'PUT', body: unknown): Promise<number> {
  try {
    const res = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}
