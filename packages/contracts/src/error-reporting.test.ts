import { describe, expect, it } from 'vitest';
import {
  ERROR_REPORTING_SAMPLING,
  FILTERED,
  feedbackWidgetEnabled,
  isSensitiveKey,
  releaseChannelOf,
  scrubBreadcrumb,
  scrubData,
  scrubEvent,
  scrubQueryString,
  scrubText,
  scrubUrl,
} from './error-reporting';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJlLXBhcnQ';

describe('sampling and channels', () => {
  it('carries the figures of spec section 9', () => {
    expect(ERROR_REPORTING_SAMPLING).toEqual({ tracesSampleRate: 1, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1 });
  });

  it('shows the feedback widget in dev, alpha and beta builds only', () => {
    expect(['dev', 'alpha', 'beta', 'production'].map((c) => feedbackWidgetEnabled(releaseChannelOf(c)))).toEqual([true, true, true, false]);
    // Unset or mistyped settings are production: no widget by accident.
    expect(releaseChannelOf(undefined)).toBe('production');
    expect(releaseChannelOf('staging')).toBe('production');
    expect(releaseChannelOf(' Beta ')).toBe('beta');
  });
});

describe('keys', () => {
  it('knows credentials, codes, contact details and answers under their usual spellings', () => {
    for (const key of ['Authorization', 'cookie', 'refresh_token', 'refreshToken', 'X-API-Key', 'x-auth-token', 'password_confirmation', 'code', 'otp', 'email', 'user_email', 'phone', 'answers', 'values', 'signature']) {
      expect(isSensitiveKey(key), key).toBe(true);
    }
    for (const key of ['survey_id', 'status', 'locale', 'url', 'method', 'content-type', 'user-agent']) {
      expect(isSensitiveKey(key), key).toBe(false);
    }
  });
});

describe('text', () => {
  it('removes bearer tokens, JWTs, e-mails, phone numbers and key=value secrets', () => {
    const text = scrubText(`Bearer abc.def-ghi failed for awa.ngono@exemple.cm (+237 6 99 12 34 56, 699123456) token=${JWT} code: 482913`);
    expect(text).not.toMatch(/abc\.def|awa\.ngono|99 12|699123456|eyJ|482913/);
    expect(text).toContain(`Bearer ${FILTERED}`);
    expect(text).toContain(`code: ${FILTERED}`);
  });

  it('keeps ordinary messages readable', () => {
    expect(scrubText('Cannot read properties of undefined (reading "title") at step 3')).toBe('Cannot read properties of undefined (reading "title") at step 3');
  });
});

describe('URLs and query strings', () => {
  it('filters codes and tokens in the query and keeps the path and other parameters', () => {
    expect(scrubUrl('https://app.exemple.cm/auth/reset?email=a%40b.cm&code=123456&lang=fr#top')).toBe(
      `https://app.exemple.cm/auth/reset?email=${FILTERED}&code=${FILTERED}&lang=fr`,
    );
    expect(scrubQueryString('answers[12]=oui&page=2&refresh_token=xyz')).toBe(`answers[12]=${FILTERED}&page=2&refresh_token=${FILTERED}`);
  });
});

describe('data', () => {
  it('filters sensitive keys at any depth and scrubs the strings around them', () => {
    const body = {
      survey_id: 7,
      answers: [{ question_id: 1, value: 'Mon salaire est de 200 000 F' }],
      contact: { email: 'x@y.cm', note: 'rappeler au 677 00 11 22' },
      password: 'Secret2026!',
      device: { ref: 'abc' },
    };
    expect(scrubData(body)).toEqual({
      survey_id: 7,
      answers: FILTERED,
      contact: { email: FILTERED, note: `rappeler au ${FILTERED}` },
      password: FILTERED,
      device: { ref: 'abc' },
    });
  });

  it('filters [name, value] header pairs', () => {
    expect(scrubData([['Authorization', `Bearer ${JWT}`], ['accept', 'application/json']])).toEqual([['Authorization', FILTERED], ['accept', 'application/json']]);
  });
});

describe('events', () => {
  it('leaves no answer, token, code or contact detail in an error event', () => {
    const event = scrubEvent({
      message: 'Échec pour awa@exemple.cm',
      exception: { values: [{ value: `refresh failed: ${JWT}`, stacktrace: { frames: [{ vars: { password: 'x' } }] } }] },
      request: {
        url: 'https://app.exemple.cm/api/v2/auth/validate-account?code=654321',
        query_string: 'code=654321&lang=fr',
        headers: { Authorization: `Bearer ${JWT}`, Cookie: 'sid=1', 'content-type': 'application/json' },
        cookies: { sid: '1' },
        data: JSON.stringify({ answers: { 3: 'oui' }, phone: '+237699123456' }),
      },
      user: { id: 42, email: 'awa@exemple.cm', ip_address: '10.0.0.1' },
      extra: { refresh_token: 'r1', survey_id: 5 },
      breadcrumbs: [{ message: 'POST /api/v2/auth/login?otp=111222', data: { url: '/api/v2/auth/login?otp=111222', status_code: 401 } }],
      spans: [{ description: 'GET /api/v2/public/su/ABC?code=999888', data: { 'http.query': 'code=999888' } }],
    });
    const text = JSON.stringify(event);
    for (const secret of ['awa@exemple.cm', JWT, '654321', 'sid=1', 'oui', '699123456', 'r1', '111222', '999888', '10.0.0.1']) {
      expect(text, secret).not.toContain(secret);
    }
    expect(event.user).toEqual({ id: 42 });
    expect(event.request?.cookies).toBeUndefined();
    expect(event.exception?.values?.[0].stacktrace?.frames?.[0].vars).toBeUndefined();
    expect(event.request?.headers).toMatchObject({ 'content-type': 'application/json' });
    expect((event.extra as Record<string, unknown>).survey_id).toBe(5);
    expect(event.breadcrumbs?.[0].data).toEqual({ url: `/api/v2/auth/login?otp=${FILTERED}`, status_code: 401 });
  });

  it('scrubs a breadcrumb on its own', () => {
    expect(scrubBreadcrumb({ category: 'console', message: 'sent to 677001122', data: { arguments: ['retry', { token: 't' }, 'x'] } })).toEqual({
      category: 'console',
      message: `sent to ${FILTERED}`,
      data: { arguments: ['retry', { token: FILTERED }, 'x'] },
    });
  });
});
