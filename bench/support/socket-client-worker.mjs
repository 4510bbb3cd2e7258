// Child process of the socket benches: holds the client ends of the crowd so that the
// bench's own process (the server) measures only the server side of each socket.
// Parent → child: { type: 'open', url, tokens, room, concurrency } then { type: 'close' }.
// Child → parent: { type: 'opened', connected, failed }, then per broadcast received by
// every socket { type: 'round', arrivals } (epoch milliseconds, sub-millisecond precision).
import { performance } from 'node:perf_hooks';
import { io as connect } from 'socket.io-client';

const sockets = [];
let room = '';
let arrivals = [];

const now = () => performance.timeOrigin + performance.now();

function openAuthenticated(url, token) {
  return new Promise((resolve) => {
    const socket = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true, timeout: 120_000 });
    socket.on('connect_error', () => resolve(null));
    socket.on('auth:error', () => resolve(null));
    socket.on('auth:success', () => resolve(socket));
    socket.emit('auth', { token });
  });
}

function onBroadcast(message) {
  if (message.room !== room) return;
  arrivals.push(now());
  if (arrivals.length === sockets.length) {
    process.send({ type: 'round', arrivals });
    arrivals = [];
  }
}

process.on('message', async (message) => {
  if (message.type === 'open') {
    room = message.room;
    let failed = 0;
    let next = 0;
    // Bounded concurrency: `concurrency` handshakes in flight at any time.
    const lane = async () => {
      while (next < message.tokens.length) {
        const socket = await openAuthenticated(message.url, message.tokens[next++]);
        if (socket) {
          socket.on('broadcast.created', onBroadcast);
          sockets.push(socket);
        } else failed++;
      }
    };
    await Promise.all(Array.from({ length: message.concurrency }, lane));
    process.send({ type: 'opened', connected: sockets.length, failed });
  } else if (message.type === 'close') {
    for (const socket of sockets) socket.disconnect();
    process.exit(0);
  }
});
