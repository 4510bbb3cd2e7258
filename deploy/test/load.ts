// Mixed traffic through the proxy, as the field and the back office make it: participation
// submissions (each with its own key, retried like the offline client would not need to
// here: a failure is counted), first pages of the participation list, and chat messages
// delivered to a listening socket. Closed loop to measure capacity; open loop (a fixed
// rate) for the soak.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sleep } from './processes';
import { type Fixtures, readList, sendMessage, submitUntilStored, Tally } from './traffic';

/** Out of 10 requests: 4 submissions, 5 list pages, 1 chat message. */
const MIX: Array<'submit' | 'list' | 'message'> = ['submit', 'list', 'submit', 'list', 'message', 'submit', 'list', 'list', 'submit', 'list'];

export interface MixedLoad {
  tally: Tally;
  submissions: Tally;
  /** Keys of every submission the API acknowledged (to check the database afterwards). */
  keys: string[];
  messagesSent: number;
}

export function newLoad(): MixedLoad {
  return { tally: new Tally(), submissions: new Tally(), keys: [], messagesSent: 0 };
}

let turn = 0;
/** One request of the mix. A submission is tried once (maxAttempts 1): a failure counts. */
export async function oneRequest(url: string, fixtures: Fixtures, load: MixedLoad): Promise<void> {
  const kind = MIX[turn++ % MIX.length];
  if (kind === 'submit') {
    const key = `soak-${randomUUID()}`;
    const stored = await submitUntilStored(url, fixtures.survey, key, turn, load.tally, 1);
    // Only acknowledged submissions are checked in the database (a failed one is counted as a failed request).
    if (stored) load.keys.push(key);
    load.submissions.record(stored, 0, 'submit');
  } else if (kind === 'list') {
    await readList(url, fixtures, load.tally);
  } else {
    load.messagesSent++;
    await sendMessage(url, fixtures, `Charge ${turn}`, load.tally);
  }
}

/** Requests per second the deployment completes with `concurrency` clients in a closed loop. */
export async function measureCapacity(url: string, fixtures: Fixtures, seconds: number, concurrency: number) {
  const load = newLoad();
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) await oneRequest(url, fixtures, load);
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    requestsPerS: load.tally.ok / elapsed,
    submissionsPerS: load.submissions.ok / elapsed,
    failed: load.tally.failed,
    p50: load.tally.percentile(50),
    p99: load.tally.percentile(99),
    load,
  };
}

/**
 * Sends the mix at `ratePerS` (open loop: the schedule does not wait for answers) until
 * stopped; at most `maxInFlight` requests at once (beyond, a tick is skipped and counted).
 */
export function runAtRate(url: string, fixtures: Fixtures, ratePerS: number, load: MixedLoad, maxInFlight = 200) {
  let running = true;
  let inFlight = 0;
  let skipped = 0;
  const pending = new Set<Promise<void>>();
  const loop = (async () => {
    const started = performance.now();
    let sent = 0;
    while (running) {
      const due = Math.floor(((performance.now() - started) / 1000) * ratePerS);
      while (sent < due) {
        sent++;
        if (inFlight >= maxInFlight) {
          skipped++;
          continue;
        }
        inFlight++;
        const p = oneRequest(url, fixtures, load).finally(() => {
          inFlight--;
          pending.delete(p);
        });
        pending.add(p);
      }
      await sleep(5);
    }
  })();
  return {
    skipped: () => skipped,
    async stop() {
      running = false;
      await loop;
      await Promise.all(pending);
    },
  };
}
