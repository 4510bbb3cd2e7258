import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { maskRespondentKeys, serializeRequest } from './log-serializers';

const KEY = '7d0f3c1e-5b2a-4c9e-8f61-2a9b0c4d5e6f';

describe('respondent keys stay out of request logs', () => {
  it('masks key paths and key query values, nothing else', () => {
    expect(maskRespondentKeys(`/api/v2/participations/key/${KEY}`)).toBe('/api/v2/participations/key/***');
    expect(maskRespondentKeys(`/api/v2/participations/key/${KEY}/results?x=1`)).toBe('/api/v2/participations/key/***/results?x=1');
    expect(maskRespondentKeys(`/api/v2/medias/12/content?key=${KEY}&size=s`)).toBe('/api/v2/medias/12/content?key=***&size=s');
    expect(maskRespondentKeys(`/api/v2/x?client_uuid=${KEY}`)).toBe('/api/v2/x?client_uuid=***');
    expect(maskRespondentKeys('/api/v2/surveys?keyword=a')).toBe('/api/v2/surveys?keyword=a');
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
    await app.inject({ method: 'GET', url: `/api/v2/medias/3/content?key=${KEY}` });
    await app.inject({ method: 'GET', url: `/api/v2/participations/key/${KEY}` });
    await app.close();
    const logged = lines.join('');
    expect(logged).toContain('/api/v2/participations/key/***');
    expect(logged).toContain('content?key=***');
    expect(logged).not.toContain(KEY);
  });
});
