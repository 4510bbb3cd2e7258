import { describe, expect, it } from 'vitest';
import { setAnswerLanguage } from './answer-language';
import { createFetchTransport } from './answer-transport';
import { memoryStore } from './answer-storage';
import type { ParticipationBody } from './answer-types';
import { TransportError } from './submit-queue';

type Call = { url: string; init: RequestInit };

function fakeFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return answer(call);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const body: ParticipationBody = { survey_code: 'SATDEMO', client_uuid: 'c0ffee00-1111', status: 'submitted', answers: [{ question_id: 1, value: 'a' }] };

describe('answering transport (bare fetch)', () => {
  it('posts a participation and reads the envelope', async () => {
    const f = fakeFetch(() => json(201, { success: true, data: { id: 12, status: 'submitted' } }));
    const receipt = await createFetchTransport({ fetch: f.fetch }).submit(body);
    expect(receipt).toEqual({ id: 12, status: 'submitted' });
    expect(f.calls[0].url).toBe('/api/v2/participations');
    expect(JSON.parse(String(f.calls[0].init.body))).toEqual(body);
  });

  it('sends a contributor’s part to POST contributions, done on submit, without the survey code it keeps for files', async () => {
    const f = fakeFetch(() => json(201, { success: true, data: { contribution: { id: 3 } } }));
    const receipt = await createFetchTransport({ fetch: f.fetch }).submit({ ...body, participation_id: 41 });
    expect(f.calls[0].url).toBe('/api/v2/contributions');
    expect(JSON.parse(String(f.calls[0].init.body))).toEqual({ participation_id: 41, client_uuid: 'c0ffee00-1111', answers: body.answers, done: true });
    expect(receipt).toEqual({ id: 41, status: 'submitted' });
  });

  it('keeps the server’s French message and field errors; no answer at all is status null', async () => {
    const refusal = fakeFetch(() => json(422, { success: false, message: 'Certaines réponses ne sont pas valides.', data: { 'answers.1': ['Saisissez un nombre.'] } }));
    const error = await createFetchTransport({ fetch: refusal.fetch }).submit(body).catch((e) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ status: 422, message: 'Certaines réponses ne sont pas valides.', details: { 'answers.1': ['Saisissez un nombre.'] } });
    const offline = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(createFetchTransport({ fetch: offline.fetch }).loadDefinition('AB12')).rejects.toMatchObject({ status: null });
  });

  it('words its own messages (no body from the server, no network) in the language of the moment they are read', async () => {
    const proxy = fakeFetch(() => new Response('<html>Request Entity Too Large</html>', { status: 413 }));
    const refused = await createFetchTransport({ fetch: proxy.fetch }).submit(body).catch((e) => e);
    const offline = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const unreachable = await createFetchTransport({ fetch: offline.fetch }).submit(body).catch((e) => e);
    const server = fakeFetch(() => json(409, { success: false, message: 'Vous avez déjà répondu à ce formulaire.' }));
    const serverSaid = await createFetchTransport({ fetch: server.fetch }).submit(body).catch((e) => e);
    expect([refused.status, refused.text()]).toEqual([413, 'Erreur 413']);
    const frenchOffline = unreachable.text();
    try {
      await setAnswerLanguage('en');
      expect(refused.text()).toBe('Error 413');
      expect(unreachable.text()).not.toBe(frenchOffline);
      // The server's words stay as it sent them.
      expect(serverSaid.text()).toBe('Vous avez déjà répondu à ce formulaire.');
    } finally {
      await setAnswerLanguage('fr');
    }
  });

  it('asks the server to answer in the page’s language of the moment (French by default)', async () => {
    const f = fakeFetch(() => json(201, { success: true, data: { id: 12, status: 'submitted' } }));
    await createFetchTransport({ fetch: f.fetch }).submit(body);
    let language = 'en';
    const transport = createFetchTransport({ fetch: f.fetch, language: () => language });
    await transport.submit(body);
    language = 'zh-CN';
    await transport.submit(body);
    expect(f.calls.map((c) => (c.init.headers as Record<string, string>)['Accept-Language'])).toEqual(['fr', 'en', 'zh-CN']);
  });

  it('uploads a file in pieces: announced with its question and code, each piece at the server’s offset with the key', async () => {
    const f = fakeFetch((call) => {
      if (call.init.method === 'POST') return json(201, { success: true, data: { id: 'a'.repeat(32), size: 5, offset: 0, media: null } });
      const offset = Number((call.init.headers as Record<string, string>)['Upload-Offset']);
      const size = (call.init.body as Blob).size;
      const done = offset + size === 5;
      return json(200, { success: true, data: { id: 'a'.repeat(32), size: 5, offset: offset + size, media: done ? { id: 9, original_name: 'p.png' } : null } });
    });
    const transport = createFetchTransport({ fetch: f.fetch, uploadStore: memoryStore(), pieceBytes: 3 });
    const media = await transport.upload(new Blob(['12345'], { type: 'image/png' }), 'p.png', { clientUuid: 'c0ffee00-1111', questionId: 5, surveyCode: 'SATDEMO' });
    expect(media).toEqual({ id: 9, name: 'p.png' });
    expect(f.calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'POST /api/v2/medias/uploads',
      `PATCH /api/v2/medias/uploads/${'a'.repeat(32)}?key=c0ffee00-1111`,
      `PATCH /api/v2/medias/uploads/${'a'.repeat(32)}?key=c0ffee00-1111`,
    ]);
    expect(JSON.parse(String(f.calls[0].init.body))).toEqual({ question_id: 5, survey_code: 'SATDEMO', client_uuid: 'c0ffee00-1111', filename: 'p.png', size: 5 });
    const headers = f.calls[2].init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/offset+octet-stream');
    expect(headers['Upload-Offset']).toBe('3');
  });
});
