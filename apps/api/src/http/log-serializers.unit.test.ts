import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { maskUrlSecrets, serializeRequest } from './log-serializers';

const KEY = '7d0f3c1e-5b2a-4c9e-8f61-2a9b0c4d5e6f';
const SECRET = 'Zq3v_8kPp1oR-2x9TgWmYc4bNf7sLhAe';

describe('URL secrets stay out of request logs', () => {
  it('masks key paths and key query values, nothing else', () => {
    expect(maskUrlSecrets(`/api/v2/participations/key/${KEY}`)).toBe('/api/v2/participations/key/***');
    expect(maskUrlSecrets(`/api/v2/participations/key/${KEY}/results?x=1`)).toBe('/api/v2/participations/key/***/results?x=1');
    expect(maskUrlSecrets(`/api/v2/medias/12/content?key=${KEY}&size=s`)).toBe('/api/v2/medias/12/content?key=***&size=s');
    expect(maskUrlSecrets(`/api/v2/x?client_uuid=${KEY}`)).toBe('/api/v2/x?client_uuid=***');
    expect(maskUrlSecrets('/api/v2/surveys?keyword=a')).toBe('/api/v2/surveys?keyword=a');
  });

  it('masks the payment callback secret, keeping the transaction id', () => {
    expect(maskUrlSecrets(`/api/v2/steps/transactions/callbacks/42/${SECRET}`)).toBe('/api/v2/steps/transactions/callbacks/42/***');
    expect(maskUrlSecrets(`/api/v2/steps/transactions/callbacks/42/${SECRET}?x=1`)).toBe('/api/v2/steps/transactions/callbacks/42/***?x=1');
    expect(maskUrlSecrets('/api/v2/steps/transactions/invoice/check')).toBe('/api/v2/steps/transactions/invoice/check');
  });

  it('is what a Fastify request log line carries', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream, serializers: { req: serializeRequest } } });
    app.get('/api/v2/medias/:id/content', async () => 'ok');
    app.get('/api/v2/participations/key/:key', async () => 'ok');
    app.put('/api/v2/steps/transactions/callbacks/:id/:secret', async () => 'ok');
    await app.inject({ method: 'GET', url: `/api/v2/medias/3/content?key=${KEY}` });
    await app.inject({ method: 'GET', url: `/api/v2/participations/key/${KEY}` });
    await app.inject({ method: 'PUT', url: `/api/v2/steps/transactions/callbacks/7/${SECRET}` });
    await app.close();
    const logged = lines.join('');
    expect(logged).toContain('/api/v2/participations/key/***');
    expect(logged).toContain('content?key=***');
    expect(logged).toContain('/callbacks/7/***');
    expect(logged).not.toContain(KEY);
    expect(logged).not.toContain(SECRET);
  });
});
