// 10,000 authenticated sockets (server in this process, client ends in child processes, 127.0.0.1,
// websocket transport) receive room broadcasts published on the app's EventBus. Prints
// p50/p99 delivery time beside two baselines measured in the same run — the same
// broadcast to a single socket, and a plain EventEmitter fan-out to as many listeners —
// and the memory each authenticated socket costs the server process.
// Run: npx tsx bench/socket-broadcast.bench.ts   (BENCH_SOCKETS, BENCH_ROUNDS, BENCH_CLIENT_PROCESSES, BENCH_CONNECT_CONCURRENCY)
import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import type { Socket } from 'socket.io-client';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openBenchDatabase } from './support/bench-db';
import { createSessions, openAuthenticated } from './support/socket-sessions';
import { printRatio } from './support/report';
import { CLIENT_PROCESSES, openCrowd } from './support/socket-crowd';
import { envNumber } from './support/bench-env';

/** Settings, read only here (environment variable: meaning [default]). */
const OPTIONS = {
  /** BENCH_SOCKETS: authenticated sockets in the product room [10 000]. */
  sockets: envNumber('BENCH_SOCKETS', 10_000),
  /** BENCH_ROUNDS: broadcasts timed [30]. */
  rounds: envNumber('BENCH_ROUNDS', 30),
};
const PRODUCT_ROOM = 'enquetes';
const payload = { id: 1, title: 'Maintenance', content: 'La plateforme sera indisponible dimanche de 2 h à 3 h. '.repeat(4) };

// The whole run stops by itself even if a socket hangs.
setTimeout(() => {
  console.error('socket broadcast bench: gave up after 10 minutes');
  process.exit(1);
}, 10 * 60_000).unref();

v8.setFlagsFromString('--expose-gc');
const gc: () => void = vm.runInNewContext('gc');

function settledMemory() {
  for (let i = 0; i < 3; i++) gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}




/** Something that calls `handler` on each message until the returned function is called. */
interface Receiver {
  onMessage(handler: () => void): () => void;
}

/** A socket as a receiver of `broadcast.created` sent to `room`. */
function socketReceiver(socket: Socket, room: string): Receiver {
  return {
    onMessage(handler) {
      const listener = (message: { room: string }) => {
        if (message.room === room) handler();
      };
      socket.on('broadcast.created', listener);
      return () => socket.off('broadcast.created', listener);
    },
  };
}

/** Publishes `rounds` broadcasts one after the other; each ends when every receiver has it. */
async function measureBroadcast(
  publish: () => void,
  receivers: Receiver[],
  rounds: number,
): Promise<number[]> {
  const delays: number[] = [];
  let sentAt = 0;
  let pending = 0;
  let roundDone: () => void = () => {};
  const stops = receivers.map((receiver) =>
    receiver.onMessage(() => {
      delays.push(performance.now() - sentAt);
      if (--pending === 0) roundDone();
    }),
  );
  for (let round = 0; round < rounds; round++) {
    await new Promise<void>((resolve) => {
      roundDone = resolve;
      pending = receivers.length;
      sentAt = performance.now();
      publish();
    });
  }
  for (const stop of stops) stop();
  return delays.sort((a, b) => a - b);
}

const db = await openBenchDatabase('embedded');
const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production', RATE_LIMIT_MAX: '100000000', PRODUCT_ROOM, SOCKET_AUTH_TIMEOUT_MS: '120000' });
const app = await buildApp({ config, db, serveWeb: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const sockets: Socket[] = [];

try {
  const accounts = await createSessions(db, OPTIONS.sockets + 1);

  // Baseline 1: the same path (EventBus → Socket.IO → client) to one socket in its own room.
  const single = await openAuthenticated(url, accounts[OPTIONS.sockets].token);
  sockets.push(single);
  const singleRoom = `users.${accounts[OPTIONS.sockets].userId}`;
  const one = socketReceiver(single, singleRoom);
  await measureBroadcast(() => app.events.publish('broadcast.created', singleRoom, payload), [one], 20); // warm-up
  const singleDelays = await measureBroadcast(() => app.events.publish('broadcast.created', singleRoom, payload), [one], OPTIONS.rounds * 10);

  // Baseline 2: a plain in-process EventEmitter fan-out to as many listeners.
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const listeners: Receiver[] = Array.from({ length: OPTIONS.sockets }, () => ({
    onMessage(handler) {
      emitter.on('m', handler);
      return () => emitter.off('m', handler);
    },
  }));
  await measureBroadcast(() => queueMicrotask(() => emitter.emit('m', payload)), listeners, 3); // warm-up
  const emitterDelays = await measureBroadcast(() => queueMicrotask(() => emitter.emit('m', payload)), listeners, OPTIONS.rounds);

  // Baseline 3: a bare Socket.IO server in this process (no auth check, no rooms, an
  // io.emit to all) with as many sockets, held by the same kind of child processes.
  const bareServer = createServer();
  const bareIo = new Server(bareServer, { transports: ['websocket'] });
  bareIo.on('connection', (socket) => socket.once('auth', () => socket.emit('auth:success')));
  await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));
  const bareBefore = settledMemory();
  const bareCrowd = await openCrowd(`http://127.0.0.1:${(bareServer.address() as { port: number }).port}`, accounts.slice(0, OPTIONS.sockets).map((a) => a.token), PRODUCT_ROOM);
  const bareAfter = settledMemory();
  const bareMessage = { room: PRODUCT_ROOM, ...payload };
  await bareCrowd.measure(() => bareIo.emit('broadcast.created', bareMessage), 3); // warm-up
  const bareDelays = await bareCrowd.measure(() => bareIo.emit('broadcast.created', bareMessage), OPTIONS.rounds);
  bareCrowd.close();
  await bareIo.close();

  // The measured case: OPTIONS.sockets authenticated sockets, all in the product room, their
  // client ends in child processes so this process's heap holds the server side only.
  const before = settledMemory();
  const connectStarted = performance.now();
  const crowd = await openCrowd(url, accounts.slice(0, OPTIONS.sockets).map((a) => a.token), PRODUCT_ROOM);
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  const after = settledMemory();
  const connected = crowd.connected;
  await crowd.measure(() => app.events.publish('broadcast.created', PRODUCT_ROOM, payload), 3); // warm-up
  const crowdDelays = await crowd.measure(() => app.events.publish('broadcast.created', PRODUCT_ROOM, payload), OPTIONS.rounds);
  crowd.close();

  const ms = (n: number) => `${n.toFixed(2)} ms`;
  console.log(`${connected} of ${OPTIONS.sockets} sockets connected and authenticated (client ends in ${CLIENT_PROCESSES} child processes) in ${connectSeconds.toFixed(1)} s (${(OPTIONS.sockets / connectSeconds).toFixed(0)} auth/s)`);
  console.log(`broadcast to ${OPTIONS.sockets} sockets, ${OPTIONS.rounds} rounds: p50 ${ms(percentile(crowdDelays, 50))}, p99 ${ms(percentile(crowdDelays, 99))}, max ${ms(crowdDelays.at(-1)!)}`);
  console.log(`baseline, 1 socket, ${OPTIONS.rounds * 10} rounds: p50 ${ms(percentile(singleDelays, 50))}, p99 ${ms(percentile(singleDelays, 99))}`);
  console.log(`baseline, EventEmitter to ${OPTIONS.sockets} listeners: p50 ${ms(percentile(emitterDelays, 50))}, p99 ${ms(percentile(emitterDelays, 99))}`);
  printRatio(`p99 delivery, ${OPTIONS.sockets} sockets vs 1 socket`, percentile(crowdDelays, 99), percentile(singleDelays, 99), 'ms', false);
  printRatio(`p50 delivery, ${OPTIONS.sockets} sockets vs 1 socket`, percentile(crowdDelays, 50), percentile(singleDelays, 50), 'ms', false);
  printRatio(`p99 delivery, ${OPTIONS.sockets} sockets vs EventEmitter`, percentile(crowdDelays, 99), percentile(emitterDelays, 99), 'ms', false);
  console.log(`baseline, bare Socket.IO to ${bareCrowd.connected} sockets: p50 ${ms(percentile(bareDelays, 50))}, p99 ${ms(percentile(bareDelays, 99))}`);
  printRatio(`p99 delivery, ${OPTIONS.sockets} sockets vs bare Socket.IO`, percentile(crowdDelays, 99), percentile(bareDelays, 99), 'ms', false);
  const heapPerSocket = (after.heapUsed - before.heapUsed) / Math.max(1, connected);
  const bareHeapPerSocket = (bareAfter.heapUsed - bareBefore.heapUsed) / Math.max(1, bareCrowd.connected);
  printRatio('heap per socket (server process) vs bare Socket.IO', heapPerSocket / 1024, bareHeapPerSocket / 1024, 'KiB', false);
  const perSocket = (bytes: number) => `${(bytes / Math.max(1, connected) / 1024).toFixed(1)} KiB`;
  console.log(
    `memory per authenticated socket, server process alone (after gc): heap ${perSocket(after.heapUsed - before.heapUsed)}, rss ${perSocket(after.rss - before.rss)}`,
  );
} finally {
  for (const socket of sockets) socket.disconnect();
  await app.close();
  await db.close();
}
process.exit(0);

