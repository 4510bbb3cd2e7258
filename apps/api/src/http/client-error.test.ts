import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../realtime/socket-test-support';
import { openTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await openTestApp();
  port = Number(new URL(await listenOnLoopback(t.app)).port);
});
afterAll(() => t.close());

/** A raw keep-alive connection: what it received so far, and whether the server closed it. */
function rawConnection() {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  let closed = false;
  const waiters: Array<() => void> = [];
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  socket.on('error', () => undefined);
  const until = (ready: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => (ready() ? resolve() : waiters.push(check));
      check();
    });
  return {
    send: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`),
    /** Waits for the `n`-th status line, or for the close: the status lines seen. */
    async responses(n: number) {
      await until(() => closed || (received.match(/HTTP\/1\.1 \d{3}/g)?.length ?? 0) >= n);
      return received.match(/HTTP\/1\.1 \d{3}/g) ?? [];
    },
    async closedByServer() {
      await until(() => closed);
      return closed;
    },
    text: () => received,
    end: () => socket.destroy(),
  };
}

describe('refusals on a kept-alive connection', () => {
  it('answers a URL too long with 431 and says the connection closes, so the client sends its next request elsewhere', async () => {
    const filters = Array.from({ length: 1000 }, (_, i) => `filter_groups[0][filters][${i}][value]=valeur-${i}`).join('&');
    const c = rawConnection();
    c.send(`/api/v2/surveys?${filters}`);
    expect(await c.responses(1)).toEqual(['HTTP/1.1 431']);
    expect(c.text()).toMatch(/\r\nConnection: close\r\n/i);
    expect(c.text()).toContain('trop longs');
    expect(await c.closedByServer()).toBe(true);
    c.end();
  });

  it('keeps the connection usable after an ordinary refusal: the next request is answered', async () => {
    const c = rawConnection();
    c.send('/api/v2/surveys'); // signed out: 401
    c.send('/api/v2/health');
    const lines = await c.responses(2);
    expect(lines).toEqual(['HTTP/1.1 401', 'HTTP/1.1 200']);
    c.end();
  });

  it('after a malformed request line, says it closes the connection', async () => {
    const socket = rawConnection();
    socket.send('/api/v2/health HTTP/1.1\r\nBad Header Without Colon');
    const lines = await socket.responses(1);
    expect(lines[0]).toBe('HTTP/1.1 400');
    expect(socket.text()).toMatch(/\r\nConnection: close\r\n/i);
    socket.end();
  });
});
