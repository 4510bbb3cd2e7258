import { expect } from 'vitest';
import { authenticate, type ClientOptions, listenOnLoopback, openClient, type RecordedClient } from '../realtime/socket-test-support';
import { openTestApp, type TestApp } from './test-app';

/** The real app listening on a loopback port, with the socket clients a test file opens against it. */
export interface SocketTestApp extends TestApp {
  /** The server's address (`http://127.0.0.1:<port>`). */
  baseUrl: string;
  /** A new recording client (not signed in), to this server unless `url` says another. */
  client(options?: ClientOptions, url?: string): RecordedClient;
  /** A new client signed in with the token (in the agent's rooms when given); the sign-in must succeed. */
  signedInClient(token: string, agent?: number): Promise<RecordedClient>;
  /** Closes every client opened so far (for files that start each test with none). */
  closeClients(): void;
  /** Closes the clients, then the app and its database. */
  close(): Promise<void>;
}

/** `openTestApp` (same `env`), listening for real sockets. */
export async function openSocketTestApp(env: Record<string, string> = {}): Promise<SocketTestApp> {
  const t = await openTestApp(env);
  const baseUrl = await listenOnLoopback(t.app);
  const clients: RecordedClient[] = [];
  const client = (options?: ClientOptions, url = baseUrl) => {
    const c = openClient(url, options);
    clients.push(c);
    return c;
  };
  const closeClients = () => {
    for (const c of clients.splice(0)) c.close();
  };
  return {
    ...t,
    baseUrl,
    client,
    async signedInClient(token, agent) {
      const c = client();
      expect((await authenticate(c, token, agent)).ok).toBe(true);
      return c;
    },
    closeClients,
    async close() {
      closeClients();
      await t.close();
    },
  };
}
