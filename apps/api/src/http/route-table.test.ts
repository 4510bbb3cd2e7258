import { API_PREFIX } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../test/test-app';
import { MAX_PATH_PARAM_LENGTH, RouteTable } from './route-table';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t?.close());

describe('a method the path does not have', () => {
  it('is a 405 in the error envelope, in French, with Allow', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `${API_PREFIX}/auth/login` });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toEqual({ success: false, code: 'method_not_allowed', message: "Cette méthode n'est pas acceptée à cette adresse." });
    const list = await t.app.inject({ method: 'PUT', url: `${API_PREFIX}/zones`, headers: { 'accept-language': 'en' } });
    expect(list.statusCode).toBe(405);
    expect(list.headers.allow).toBe('GET, HEAD, POST');
    expect(list.json().message).toBe('This method is not allowed at this address.');
    const detail = await t.app.inject({ method: 'PATCH', url: `${API_PREFIX}/zones/12` });
    expect(detail.headers.allow).toBe('DELETE, GET, HEAD, POST');
  });

  it('leaves an unknown path a 404 route_not_found', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/nulle-part` });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('route_not_found');
  });
});

describe('a path parameter over its length', () => {
  it('is a 404 not_found in the envelope, like any path that names nothing', async () => {
    const long = 'a'.repeat(MAX_PATH_PARAM_LENGTH + 1);
    for (const url of [`/participations/key/${long}`, `/public/getobject/survey/${long}`, `/zones/${'9'.repeat(200)}`]) {
      const res = await t.app.inject({ method: 'GET', url: `${API_PREFIX}${url}` });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, code: 'not_found', message: expect.stringMatching(/n'existe pas/) });
    }
  });
});

describe('RouteTable', () => {
  it('matches parameters, static suffixes and wildcards', () => {
    const table = new RouteTable();
    table.add('/a/:id/qrcode.png', 'GET');
    table.add('/a/:id', ['POST', 'DELETE']);
    table.add('/files/*', 'GET');
    expect(table.methodsOf('/a/12/qrcode.png')).toEqual(['GET', 'HEAD']);
    expect(table.methodsOf('/a/12/qrcodexpng')).toEqual([]);
    expect(table.methodsOf('/a/12?x=1')).toEqual(['DELETE', 'POST']);
    expect(table.methodsOf('/files/x/y.png')).toEqual(['GET', 'HEAD']);
    expect(table.methodsOf('/b')).toEqual([]);
  });
});
