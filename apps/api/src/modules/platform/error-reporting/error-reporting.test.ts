import { API_PREFIX } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { type EnvelopeReceiver, startEnvelopeReceiver } from '../../../test/envelope-receiver';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { startErrorReporting, stopErrorReporting } from './error-reporting';

// Made at run time: the events carry source lines around each frame (ContextLines), and a
// value written in this file would be found there, where no request put it.
const run = Math.random().toString(36).slice(2, 10);
const JWT = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.${run}`;
const REFRESH = `rt_${run}`;
const ANSWER = `Réponse personnelle ${run}`;
const EMAIL = `awa.${run}@exemple.cm`;
const CODE = String(100000 + Math.floor(Math.random() * 900000));

/** A route only this test adds: it fails the way an unexpected bug does, with secrets around it. */
function addFailingRoute(app: TestApp['app']) {
  app.post('/test-only/boom', async (request) => {
    const body = request.body as { answers?: Array<{ value: string }> };
    throw new Error(`cannot store answer for ${EMAIL} (Bearer ${JWT}) ${body.answers?.length ?? 0}`);
  });
}

function boom(t: TestApp) {
  return t.app.inject({
    method: 'POST',
    url: `/test-only/boom?code=${CODE}&lang=fr`,
    headers: { authorization: `Bearer ${JWT}`, cookie: `refresh_token=${REFRESH}`, 'content-type': 'application/json' },
    payload: { survey_id: 5, answers: [{ question_id: 1, value: ANSWER }], email: EMAIL, phone: '+237699123456', refresh_token: REFRESH, code: CODE },
  });
}

function expectNoSecret(text: string) {
  for (const secret of [run, ANSWER, '699123456', CODE]) expect(text, secret).not.toContain(secret);
}

describe('API error reporting', () => {
  let receiver: EnvelopeReceiver;
  let t: TestApp;

  beforeAll(async () => {
    receiver = await startEnvelopeReceiver();
    t = await openTestApp({}, addFailingRoute);
  });
  afterAll(async () => {
    await stopErrorReporting();
    await t?.close();
    await receiver?.close();
  });

  it('sends nothing without a DSN', async () => {
    expect(await startErrorReporting(loadConfig({ NODE_ENV: 'test' }))).toBe(false);
    const res = await boom(t);
    expect(res.statusCode).toBe(500);
    // The reporter is off: nothing is queued, so nothing can reach the receiver later either.
    await stopErrorReporting();
    expect(receiver.envelopes).toEqual([]);
  });

  it('with a DSN, a 500 reaches the receiver without answers, tokens, codes or contact details', async () => {
    expect(await startErrorReporting(loadConfig({ NODE_ENV: 'test', SENTRY_DSN: receiver.dsn, SENTRY_ENVIRONMENT: 'ci' }))).toBe(true);
    const res = await boom(t);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ success: false, code: 'server_error' });
    // An expected refusal (404) is not an error to report.
    expect((await t.app.inject({ url: `${API_PREFIX}/surveys/999999` })).statusCode).toBeGreaterThanOrEqual(400);
    await stopErrorReporting(5000);

    const events = receiver.items('event');
    expect(events).toHaveLength(1);
    const event = events[0].payload as {
      environment: string;
      exception: { values: Array<{ type: string; value: string }> };
      request: { method: string; url: string; query_string: string; headers: Record<string, string>; data: Record<string, unknown>; cookies?: unknown };
      tags: Record<string, string>;
    };
    expect(event.environment).toBe('ci');
    expect(event.exception.values[0].type).toBe('Error');
    expect(event.exception.values[0].value).toBe('cannot store answer for [Filtered] (Bearer [Filtered]) 1');
    expect(event.request.method).toBe('POST');
    expect(event.request.url).toBe('/test-only/boom?code=[Filtered]&lang=fr');
    expect(event.request.headers.authorization).toBe('[Filtered]');
    expect(event.request.headers.cookie).toBe('[Filtered]');
    expect(event.request.headers['content-type']).toBe('application/json');
    expect(event.request.cookies).toBeUndefined();
    expect(event.request.data).toMatchObject({ survey_id: 5, answers: '[Filtered]', email: '[Filtered]', phone: '[Filtered]', refresh_token: '[Filtered]', code: '[Filtered]' });
    expect(event.tags.request_id).toMatch(/^[0-9a-f-]{36}$/);
    for (const envelope of receiver.envelopes) expectNoSecret(envelope.text);
  });
});
