import { randomBytes } from 'node:crypto';
import { chatroomRoom } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { authenticate, listenOnLoopback, openClient, type RecordedClient } from '../../realtime/socket-test-support';
import { openTestApp, type TestApp } from '../../test/test-app';
import { call, createOwner } from '../tenancy/companies/tenancy.test-support';
import { eventually, joinCompany } from './messaging.test-support';

const redisUrl = loadConfig().REDIS_URL;
const title = redisUrl
  ? 'chat messages across two API processes through Redis'
  : 'chat messages across two API processes through Redis — SKIPPED: REDIS_URL is not set (e.g. REDIS_URL=redis://127.0.0.1:6379)';

describe.skipIf(!redisUrl)(title, () => {
  const env = { REDIS_URL: redisUrl ?? '', REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:` };
  let first: TestApp;
  let second: FastifyInstance;
  let secondUrl: string;
  const clients: RecordedClient[] = [];

  beforeAll(async () => {
    first = await openTestApp(env);
    const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', RATE_LIMIT_MAX: '100000', ...env });
    second = await buildApp({ config, db: first.db, serveWeb: false });
    await listenOnLoopback(first.app);
    secondUrl = await listenOnLoopback(second);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await second?.close();
    await first?.close();
  });

  it('a member connected to the other process joins the new room and gets the message sent through the first', async () => {
    const owner = await createOwner(first, 'Alpha Redis');
    const paul = await joinCompany(first, owner.session, 'Paul');
    const socket = openClient(secondUrl);
    clients.push(socket);
    expect((await authenticate(socket, paul.token, paul.agentId)).ok).toBe(true);
    // The room is created on the first process; Paul's socket on the second is moved into it.
    const room = await call(first, 'POST', 'chatrooms', owner.session, { kind: 'group', agent_ids: [paul.agentId] });
    const id = room.body.data.id;
    // Until the join has crossed Redis a message may be missed: send until one arrives (no sleep).
    const from = socket.events.length;
    let received: any = null;
    for (let i = 0; i < 50 && !received; i++) {
      await call(first, 'POST', `chatrooms/${id}/messages`, owner.session, { body: `Bonjour ${i}` });
      received = (await eventually(async () => socket.events.slice(from).find((e) => e.name === 'message.created'), Boolean, 4))?.payload ?? null;
    }
    expect(received.room).toBe(chatroomRoom(id));
    expect(received.data.body).toMatch(/^Bonjour/);
  });
});
