import { encodeQuery } from '@app/contracts/query-codec';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../../http/actor';
import { AppError } from '../../../http/errors';
import { MAX_INCLUDED_PER_PARENT } from '../../../http/query/load-relations';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, headersOf, signIn } from '../../tenancy/companies/tenancy.test-support';
import { zonesService } from './zones.service';

let t: TestApp;
beforeAll(async () => {
  t = await openTestApp();
});
afterAll(() => t.close());

const admin = (): RequestContext => ({
  db: t.db,
  events: t.app.events,
  locale: 'fr',
  actor: { userId: 1, type: 'admin', agentId: null, companyId: null, permissions: new Set() },
});

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() };
}

describe('GET /api/v2/zones with a Bruno-style query', () => {
  it('lists the ten regions of Cameroon, sorted, paginated', async () => {
    const query = encodeQuery({
      filter_groups: [{ filters: [{ key: 'type', operator: 'eq', value: 'region' }] }],
      sort: [{ key: 'name', direction: 'asc' }],
      limit: 4,
      page: 1,
    });
    const { status, body } = await get(`/api/v2/zones?${query}`);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.map((z: any) => z.name)).toEqual(['Littoral', 'Nord', 'Nord-Ouest', 'Ouest']);
    expect(body.meta).toMatchObject({ limit: 4, page: 1, has_more: true });
  });

  it('includes the parent region and country of towns', async () => {
    const query = encodeQuery({
      filter_groups: [{ filters: [{ key: 'name', operator: 'eq', value: 'Douala' }] }],
      includes: ['parent.parent'],
    });
    const { body } = await get(`/api/v2/zones?${query}`);
    expect(body.data).toHaveLength(1);
    expect(body.data[0].parent.name).toBe('Littoral');
    expect(body.data[0].parent.parent.name).toBe('Cameroun');
  });

  it('finds towns without accents through search input', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/zones/search',
      payload: { input: 'ngaoundere', filter_groups: [{ filters: [['type', 'eq', 'town']] }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((z: any) => z.name)).toEqual(['Ngaoundéré']);
  });

  it('answers 400 naming an unknown filter key, in French by default', async () => {
    const query = encodeQuery({ filter_groups: [{ filters: [{ key: 'password', value: 'x' }] }] });
    const { status, body } = await get(`/api/v2/zones?${query}`);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.message).toContain('password');
  });

  it('gets one zone, and 404 for an absent or malformed id', async () => {
    const { body } = await get(`/api/v2/zones?${encodeQuery({ filter_groups: [{ filters: [['code', 'eq', 'CM']] }] })}`);
    const id = body.data[0].id;
    expect((await get(`/api/v2/zones/${id}`)).body.data.name).toBe('Cameroun');
    expect((await get('/api/v2/zones/999999')).status).toBe(404);
    const bad = await get('/api/v2/zones/abc', { 'accept-language': 'en' });
    expect(bad.status).toBe(404);
    expect(bad.body.message).toBe('The resource sought does not exist or was deleted.');
  });
});

describe('GET /api/v2/zones?includes[]=children on a crowded region', () => {
  it('embeds at most MAX_INCLUDED_PER_PARENT children, by the default order, and says so', async () => {
    const [sud] = await t.db.rows<{ id: number }>(sql`SELECT id FROM zones WHERE type = 'region' AND name = 'Sud'`);
    await t.db.rows(
      sql`INSERT INTO zones (type, name, code, parent_id)
          SELECT 'town', 'Village ' || lpad(n::text, 3, '0'), 'VIL-' || n, ${sud.id} FROM generate_series(1, ${MAX_INCLUDED_PER_PARENT + 20}) AS n`,
    );
    const expected = await t.db.rows<{ id: number; name: string }>(sql`SELECT id, name FROM zones WHERE parent_id = ${sud.id} ORDER BY name, id`);
    const query = encodeQuery({
      filter_groups: [{ filters: [{ key: 'name', operator: 'in', value: ['Sud', 'Est'] }, { key: 'type', operator: 'eq', value: 'region' }] }],
      includes: ['children', 'children:ids'],
      sort: [{ key: 'name' }],
    });
    const { status, body } = await get(`/api/v2/zones?${query}`);
    expect(status).toBe(200);
    const [est, crowded] = body.data;
    const kept = expected.slice(0, MAX_INCLUDED_PER_PARENT);
    expect(crowded.children.map((z: any) => z.name)).toEqual(kept.map((z) => z.name));
    expect(crowded.children_ids).toEqual(kept.map((z) => z.id));
    expect(crowded.children_has_more).toBe(true);
    // A region with few towns keeps them all, unflagged.
    const [{ count }] = await t.db.rows<{ count: number }>(sql`SELECT count(*)::int AS count FROM zones WHERE parent_id = ${est.id}`);
    expect(est.children).toHaveLength(count);
    expect(est.children_has_more).toBe(false);
  });
});

describe('zone writes', () => {
  it('refuse anonymous callers with 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/zones',
      payload: { type: 'town', name: 'Kribi', code: 'KRI' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Vous n'êtes pas authentifié ; veuillez vous connecter.");
  });

  it('validate bodies with French field messages (422)', async () => {
    // A platform admin's body is validated; an anonymous caller is refused before (401 above).
    const session = await signIn(t, await createTestUser(t, { type: 'admin' }));
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/zones', headers: headersOf(session), payload: { type: 'planet', name: 'X' } });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors.type[0]).toContain('Type de zone inconnu');
    expect(body.errors.name[0]).toContain('au moins 2 caractères');
    expect(body.errors.code).toBeDefined();
  });

  it('enforce the zone hierarchy and code uniqueness for admins', async () => {
    const ctx = admin();
    const cameroon = (await zonesService.list(ctx, { filter_groups: [{ filters: [['code', 'eq', 'CM']] }] })).rows[0];
    const region = await zonesService.create(ctx, { type: 'region', name: 'Région test', code: 'cm-xx', parent_id: cameroon.id as number });
    expect(region.code).toBe('CM-XX');
    const district = await zonesService.create(ctx, { type: 'district', name: 'Mfoundi', code: 'MFO', parent_id: region.id as number });
    await expect(
      zonesService.create(ctx, { type: 'district', name: 'Mauvais', code: 'BAD', parent_id: cameroon.id as number }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(zonesService.create(ctx, { type: 'town', name: 'Sans parent', code: 'NOP' })).rejects.toMatchObject({
      status: 422,
    });
    await expect(zonesService.create({ ...ctx, locale: 'zh-CN' }, { type: 'town', name: 'Sans parent', code: 'NOP' })).rejects.toMatchObject({
      details: { parent_id: ['城市类型的区域必须有上级区域（区县或大区）。'] },
    });
    await expect(
      zonesService.create(ctx, { type: 'district', name: 'Doublon', code: 'MFO', parent_id: region.id as number }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(zonesService.remove(ctx, region.id as number)).rejects.toMatchObject({ status: 409 });
    await zonesService.remove(ctx, district.id as number);
    const renamed = await zonesService.update(ctx, region.id as number, { name: 'Région renommée' });
    expect(renamed.name).toBe('Région renommée');
    await zonesService.remove(ctx, region.id as number);
    await expect(zonesService.get(ctx, region.id as number)).rejects.toBeInstanceOf(AppError);
  });

  it('forbid non-admin callers (403)', async () => {
    const agent: RequestContext = {
      ...admin(),
      actor: { userId: 2, type: 'agent', agentId: 5, companyId: 3, permissions: new Set(['zones.create']) },
    };
    await expect(zonesService.create(agent, { type: 'country', name: 'Gabon', code: 'GA' })).rejects.toMatchObject({
      status: 403,
    });
  });
});
