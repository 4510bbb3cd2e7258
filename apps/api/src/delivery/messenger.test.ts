import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { get, post, unique } from '../modules/identity/auth/auth.test-helpers';
import { openTestApp, type TestApp } from '../test/test-app';
import { Messenger } from './messenger';
import { insertOutboxMessage } from './outbox.repository';
import { createHttpSmsProvider } from './providers';

/** A minimal SMTP server that accepts every message and keeps its DATA. */
async function startSmtpServer() {
  const received: string[] = [];
  const server: Server = createTcpServer((socket) => {
    let inData = false;
    let data = '';
    let buffer = '';
    socket.write('220 localhost test SMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(data);
          data = '';
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.split(' ')[0].toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 localhost\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, received, close: () => new Promise((r) => server.close(r)) };
}

/** A gateway that records SMS requests; answers `status`. */
async function startSmsGateway(status = 200) {
  const requests: Array<{ headers: IncomingMessage['headers']; body: any }> = [];
  const server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ headers: req.headers, body: JSON.parse(body) });
      res.writeHead(status).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  return { url, requests, close: () => new Promise((r) => server.close(r)) };
}

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

async function outboxRow(id: number) {
  const [row] = await t.db.orm.select().from(outbox).where(eq(outbox.id, id));
  return row;
}

describe('the messenger', () => {
  it('keeps messages in the outbox when no provider is configured', async () => {
    const messenger = new Messenger(t.db, [], t.app.log);
    const to = `${unique()}@example.cm`;
    const id = await messenger.send({ channel: 'email', to, subject: 'Objet', body: 'Texte' });
    expect(await outboxRow(id)).toMatchObject({ destination: to, subject: 'Objet', body: 'Texte', sent_at: null, attempts: 0 });
    const listed = await get(t.app, `/dev/outbox?destination=${encodeURIComponent(to)}`);
    expect(listed.body.data).toEqual([expect.objectContaining({ id, channel: 'email', body: 'Texte', sent_at: null })]);
    await messenger.close();
  });

  it('hands SMS to the HTTP gateway, including rows other modules wrote straight into the outbox', async () => {
    const gateway = await startSmsGateway();
    const messenger = new Messenger(t.db, [createHttpSmsProvider(gateway.url, 'gw-token')], t.app.log);
    try {
      const id = await messenger.send({ channel: 'sms', to: '699887766', body: 'Votre code est 123456.' });
      const direct = await insertOutboxMessage(t.db, { channel: 'sms', to: '699887767', body: 'Invitation' });
      messenger.kick();
      await messenger.drain();
      expect((await outboxRow(id)).sent_at).not.toBeNull();
      expect((await outboxRow(direct)).sent_at).not.toBeNull();
      const sent = gateway.requests.map((r) => r.body);
      expect(sent).toEqual(
        expect.arrayContaining([
          { to: '699887766', message: 'Votre code est 123456.' },
          { to: '699887767', message: 'Invitation' },
        ]),
      );
      expect(gateway.requests[0].headers.authorization).toBe('Bearer gw-token');
      // E-mails are not this provider's: they stay in the outbox, untouched.
      const mail = await messenger.send({ channel: 'email', to: `${unique()}@example.cm`, body: 'x' });
      await messenger.drain();
      expect(await outboxRow(mail)).toMatchObject({ sent_at: null, attempts: 0 });
    } finally {
      await messenger.close();
      await gateway.close();
    }
  });

  it('records a refused delivery and tries again later', async () => {
    const gateway = await startSmsGateway(503);
    const messenger = new Messenger(t.db, [createHttpSmsProvider(gateway.url, undefined)], t.app.log);
    try {
      const id = await messenger.send({ channel: 'sms', to: '699000555', body: 'x' });
      await messenger.drain();
      const row = await outboxRow(id);
      expect(row).toMatchObject({ sent_at: null, attempts: 1, error: 'SMS gateway answered 503' });
      expect(row.locked_until).not.toBeNull();
    } finally {
      await messenger.close();
      await gateway.close();
    }
  });
});

describe('e-mail through SMTP', () => {
  it('delivers the sign-up code to the SMTP server configured by SMTP_URL', async () => {
    const smtp = await startSmtpServer();
    const app = await openTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Plateforme <no-reply@test.cm>' });
    try {
      const email = `${unique()}@example.cm`;
      const res = await post(app.app, '/auth/register', { name: 'Awa', email, password: 'Mot-de-passe-1', password_confirmation: 'Mot-de-passe-1' });
      expect(res.status).toBe(201);
      // Delivery runs in the background: wait for the row to be marked.
      let row: typeof outbox.$inferSelect | undefined;
      for (let i = 0; i < 100 && !row?.sent_at; i++) {
        [row] = await app.db.orm.select().from(outbox).where(eq(outbox.destination, email));
        if (!row?.sent_at) await new Promise((r) => setTimeout(r, 50));
      }
      expect(row?.sent_at).not.toBeNull();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain(`To: ${email}`);
      expect(smtp.received[0]).toContain('no-reply@test.cm');
      expect(smtp.received[0]).toMatch(/\d{6}/);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});

describe('GET dev/outbox', () => {
  it('does not exist in production', async () => {
    const prod = await openTestApp({ NODE_ENV: 'production' });
    try {
      expect((await get(prod.app, '/dev/outbox')).status).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('is also a page people read at /dev/outbox: newest first, codes in bold, text escaped', async () => {
    const email = `page.${Date.now()}@exemple.cm`;
    await t.app.inject({ method: 'POST', url: '/api/v2/auth/register', payload: { name: '<b>Awa</b>', email, password: 'Parcours2026!', password_confirmation: 'Parcours2026!' } });
    const page = await t.app.inject({ url: `/dev/outbox?destination=${encodeURIComponent(email)}`, remoteAddress: '127.0.0.1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Messages envoyés (développement)');
    expect(page.body).toContain(email);
    expect(page.body).toMatch(/<strong class="code">\d{6}<\/strong>/);
    expect(page.body).not.toContain('<b>Awa</b>');
    expect((await t.app.inject({ url: '/dev/outbox', remoteAddress: '192.168.1.20' })).statusCode).toBe(404);
    const prod = await openTestApp({ NODE_ENV: 'production' });
    try {
      expect((await prod.app.inject({ url: '/dev/outbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('answers only callers on this machine', async () => {
    const remote = await t.app.inject({ url: '/api/v2/dev/outbox', remoteAddress: '192.168.1.20' });
    expect(remote.statusCode).toBe(404);
    const local = await t.app.inject({ url: '/api/v2/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
  });
});
