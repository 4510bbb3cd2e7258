import { encodeQuery } from '@app/contracts/query-codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, headersOf, type Session, signIn } from '../modules/tenancy/companies/tenancy.test-support';
import { openTestApp, type TestApp } from '../test/test-app';

/**
 * Issue 23: the messages written where the request's language is not at hand (schema
 * authors' zod messages, the query-object parser, the database's refusals) reach the
 * caller in its Accept-Language, and in French without one.
 */
let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await openTestApp();
  admin = await signIn(t, await createTestUser(t, { type: 'admin' }));
});
afterAll(() => t.close());

async function send(method: 'GET' | 'POST', url: string, language?: string, payload?: unknown) {
  const headers: Record<string, string> = { ...headersOf(admin) };
  if (language) headers['accept-language'] = language;
  const res = await t.app.inject({ method, url: `/api/v2/${url}`, headers, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
}

describe('a schema author’s message', () => {
  const planet = { type: 'planet', name: 'Kribi', code: 'KRI' };

  it('is French by default, English and Chinese when asked', async () => {
    const fr = await send('POST', 'zones', undefined, planet);
    expect(fr.status).toBe(422);
    expect(fr.body.errors.type).toEqual(['Type de zone inconnu (country, region, district ou town)']);
    const en = await send('POST', 'zones', 'en', planet);
    expect(en.body.errors.type).toEqual(['Unknown zone type (country, region, district or town)']);
    const zh = await send('POST', 'zones', 'zh-CN,zh;q=0.9', planet);
    expect(zh.body.errors.type).toEqual(['未知的区域类型（country、region、district 或 town）']);
  });

  it('names its field in the same language', async () => {
    const query = 'mnt/companies?sector_id=abc';
    expect((await send('GET', query)).body.errors.sector_id).toEqual(['Le secteur est un identifiant.']);
    expect((await send('GET', query, 'en')).body.errors.sector_id).toEqual(['The sector is an identifier.']);
    expect((await send('GET', query, 'zh-CN')).body.errors.sector_id).toEqual(['行业是一个标识。']);
  });
});

describe('a query-object error', () => {
  const url = `zones?${encodeQuery({ sort: [{ key: 'password' }] })}`;

  it('is French by default, English and Chinese when asked', async () => {
    const fr = await send('GET', url);
    expect([fr.status, fr.body.code]).toEqual([400, 'unknown_key']);
    expect(fr.body.message).toBe('Clé de tri inconnue « password » pour la ressource zones');
    expect((await send('GET', url, 'en')).body.message).toBe('Unknown sort key “password” for the resource zones');
    expect((await send('GET', url, 'zh-CN')).body.message).toBe('资源 zones 没有排序键“password”');
  });
});

describe('a database refusal', () => {
  it('a unique violation is a 409, French by default, English and Chinese when asked', async () => {
    const found = await send('GET', `zones?${encodeQuery({ filter_groups: [{ filters: [['code', 'eq', 'CM']] }] })}`);
    const region = { type: 'region', name: 'Région des langues', code: 'CM-LG', parent_id: found.body.data[0].id };
    expect((await send('POST', 'zones', undefined, region)).status).toBe(201);
    const fr = await send('POST', 'zones', undefined, region);
    expect([fr.status, fr.body.code, fr.body.message]).toEqual([409, 'duplicate', 'Un enregistrement avec ces valeurs existe déjà.']);
    expect((await send('POST', 'zones', 'en-GB', region)).body.message).toBe('A record with these values already exists.');
    expect((await send('POST', 'zones', 'zh-CN', region)).body.message).toBe('已存在具有相同值的记录。');
  });
});
