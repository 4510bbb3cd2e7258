// The crowd of a socket bench: its client ends live in child processes
// (socket-client-worker.mjs) so the bench's own process measures the server side alone.
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SHARED_OPTIONS } from './bench-env';

/** Child processes holding the clients (BENCH_CLIENT_PROCESSES, bench-env.ts). */
export const CLIENT_PROCESSES = SHARED_OPTIONS.clientProcesses;
/** Handshakes in flight per child process (BENCH_CONNECT_CONCURRENCY, bench-env.ts). */
const CONCURRENCY = SHARED_OPTIONS.connectConcurrency;

type WorkerMessage = { type: 'opened'; connected: number; failed: number } | { type: 'round'; arrivals: number[] };

export interface Crowd {
  connected: number;
  failed: number;
  /** Publishes `rounds` broadcasts one after the other; each ends when every connected client has it. Delays in ms, sorted. */
  measure(publish: () => void, rounds: number): Promise<number[]>;
  close(): void;
}

const epochNow = () => performance.timeOrigin + performance.now();

function nextMessage(child: ChildProcess, type: WorkerMessage['type']): Promise<WorkerMessage> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: WorkerMessage) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message);
    };
    const onExit = (code: number) => reject(new Error(`socket client process exited (${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

export async function openCrowd(url: string, tokens: string[], room: string): Promise<Crowd> {
  const script = path.join(import.meta.dirname, 'socket-client-worker.mjs');
  const children = Array.from({ length: CLIENT_PROCESSES }, () => fork(script, [], { stdio: 'inherit' }));
  const opened = await Promise.all(
    children.map((child, i) => {
      const share = tokens.filter((_, t) => t % CLIENT_PROCESSES === i);
      const answer = nextMessage(child, 'opened');
      child.send({ type: 'open', url, tokens: share, room, concurrency: CONCURRENCY });
      return answer as Promise<{ connected: number; failed: number }>;
    }),
  );
  const holding = children.filter((_, i) => opened[i].connected > 0);
  return {
    connected: opened.reduce((n, o) => n + o.connected, 0),
    failed: opened.reduce((n, o) => n + o.failed, 0),
    async measure(publish, rounds) {
      const delays: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const answers = holding.map((child) => nextMessage(child, 'round') as Promise<{ arrivals: number[] }>);
        const sentAt = epochNow();
        publish();
        for (const { arrivals } of await Promise.all(answers)) for (const at of arrivals) delays.push(at - sentAt);
      }
      return delays.sort((a, b) => a - b);
    },
    close() {
      for (const child of children) child.send({ type: 'close' });
    },
  };
}
