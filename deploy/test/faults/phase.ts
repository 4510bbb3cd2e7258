// The traffic that runs through the whole fault suite, and what one fault's phase of it
// records: attempts by kind, the submitted keys, the chat messages sent.
import { performance } from 'node:perf_hooks';
import type { Deployment } from '../deployment';
import { sleep } from '../processes';
import { type Fixtures, headersOf, readList, sendMessage, storedFor, submitUntilStored, Tally } from '../traffic';

export interface Phase {
  submissions: Tally;
  lists: Tally;
  messages: Tally;
  uploads: Tally;
  keys: string[];
  sent: string[];
  started: number;
}

export function newPhase(): Phase {
  return { submissions: new Tally(), lists: new Tally(), messages: new Tally(), uploads: new Tally(), keys: [], sent: [], started: performance.now() };
}

/** Traffic that runs for the whole suite, recording into the current phase. */
export function startTraffic(deployment: Deployment, fixtures: Fixtures, submitters: number, current: () => Phase, withUploads: () => boolean) {
  let running = true;
  let n = 0;
  const loops: Promise<void>[] = [];
  for (let i = 0; i < submitters; i++) {
    loops.push(
      (async () => {
        while (running) {
          const phase = current();
          const key = `fault-${process.pid}-${n}-${Math.random().toString(36).slice(2)}`;
          phase.keys.push(key);
          // Retried with the same key until stored, as the offline outbox does.
          if (!(await submitUntilStored(deployment.url, fixtures.survey, key, n++, phase.submissions, 200))) throw new Error(`participation ${key} never delivered`);
        }
      })(),
    );
  }
  loops.push(
    (async () => {
      while (running) {
        await readList(deployment.url, fixtures, current().lists);
        await sleep(100);
      }
    })(),
  );
  loops.push(
    (async () => {
      let m = 0;
      while (running) {
        const phase = current();
        const body = `Message ${m++}`;
        const res = await sendMessage(deployment.url, fixtures, body, phase.messages);
        if (res?.ok) phase.sent.push(body);
        await sleep(200);
      }
    })(),
  );
  loops.push(
    (async () => {
      while (running) {
        if (withUploads()) await uploadOnce(deployment.url, fixtures, current().uploads);
        await sleep(250);
      }
    })(),
  );
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** A 64 KB company document (a PDF by its first bytes, as the API checks) uploaded by the owner. */
const DOCUMENT = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64 * 1024, 32)]);
async function uploadOnce(url: string, fixtures: Fixtures, tally: Tally) {
  const form = new FormData();
  form.append('file', new Blob([DOCUMENT], { type: 'application/pdf' }), 'rapport.pdf');
  const started = performance.now();
  try {
    const res = await fetch(`${url}/api/v2/medias`, { method: 'POST', headers: headersOf(fixtures.owner), body: form, signal: AbortSignal.timeout(120_000) });
    await res.arrayBuffer();
    tally.record(res.ok, performance.now() - started, String(res.status));
  } catch (error) {
    tally.record(false, performance.now() - started, (error as Error).name);
  }
}

/** Waits until every kind of traffic has succeeded after the last failure seen; seconds since the fault. */
export async function backAfter(faultAt: number, kinds: Tally[]): Promise<number> {
  const lastFailure = () => Math.max(0, ...kinds.map((t) => t.lastFailureAt ?? 0));
  if (lastFailure() === 0) return 0;
  // Each kind must have succeeded since the last failure: counted from then. Not back
  // within 10 minutes: reported as such (Infinity) rather than waiting for ever.
  for (let round = 0; round < 1200; round++) {
    const marks = kinds.map((t) => t.ok);
    await sleep(500);
    const since = lastFailure();
    if (performance.now() - since > 2_000 && kinds.every((t, i) => t.ok > marks[i])) return Math.max(0, (since - faultAt) / 1000);
  }
  return Number.POSITIVE_INFINITY;
}

/** Submissions of a phase not yet finished by their clients (retries still running). */
export async function pendingKeys(fixtures: Fixtures, phase: Phase): Promise<number> {
  const stored = await storedFor(fixtures.db, fixtures.survey, phase.keys);
  return phase.keys.length - stored.stored;
}
