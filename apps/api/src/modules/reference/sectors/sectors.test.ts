import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';

let t: TestApp;
let admin: Session;
let owner: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  t = await openTestApp();
  admin = await signIn(t, await createTestUser(t, { type: 'admin' }));
  owner = await createOwner(t, 'Pêcherie du Littoral');
});
afterAll(() => t.close());

async function newSector(code: string, name = `Secteur ${code}`) {
  const res = await call(t, 'POST', 'sectors', admin, { name, code });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; name: string; active: boolean };
}

describe('sectors: who may write', () => {
  it('answers 401 signed out and 403 to a company owner for every write and the companies list', async () => {
    const sector = await newSector('peche');
    for (const [method, url, body] of [
      ['POST', 'sectors', { name: 'Pêche', code: 'peche-2' }],
      ['POST', `sectors/${sector.id}`, { name: 'Pêche et aquaculture' }],
      ['DELETE', `sectors/${sector.id}`, undefined],
      ['GET', `sectors/${sector.id}/companies`, undefined],
    ] as const) {
      expect((await call(t, method, url, null, body)).status, `${method} ${url}`).toBe(401);
      const refused = await call(t, method, url, owner.session, body);
      expect(refused.status, `${method} ${url}`).toBe(403);
    }
    // Reads stay open: the company form offers the sectors.
    expect((await call(t, 'GET', `sectors/${sector.id}`, null)).status).toBe(200);
  });

  it('answers 401 before reading a malformed body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/sectors', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(res.statusCode).toBe(401);
  });
});

describe('sectors: admin writes', () => {
  it('creates, edits and deactivates a sector; bad input is a French 422', async () => {
    const sector = await newSector('mines', 'Mines et carrières');
    expect(sector.active).toBe(true);
    const bad = await call(t, 'POST', 'sectors', admin, { name: 'X', code: 'Pas Bon' });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.data)).toContain('Le nom doit contenir au moins 2 caractères');
    expect(JSON.stringify(bad.body.data)).toContain('lettres minuscules');
    const duplicate = await call(t, 'POST', 'sectors', admin, { name: 'Encore les mines', code: 'mines' });
    expect(duplicate.status).toBe(409);
    const edited = await call(t, 'POST', `sectors/${sector.id}`, admin, { name: 'Mines', active: false });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Mines', active: false });
    const notBool = await call(t, 'POST', `sectors/${sector.id}`, admin, { active: 'non' });
    expect(notBool.status).toBe(422);
    const [entry] = await t.db.rows<{ action: string }>(sql`SELECT action FROM audit_log WHERE object_type = 'sector' AND object_id = ${sector.id} ORDER BY id DESC LIMIT 1`);
    expect(entry.action).toBe('sector.updated');
  });

  it('answers 404 for an unknown sector', async () => {
    for (const [method, url] of [
      ['GET', 'sectors/999999'],
      ['POST', 'sectors/999999'],
      ['DELETE', 'sectors/999999'],
      ['GET', 'sectors/999999/companies'],
      ['GET', 'sectors/abc/companies'],
    ] as const) {
      const res = await call(t, method, url, admin, method === 'POST' ? { name: 'Rien du tout' } : undefined);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
  });

  it('deletes an unused sector, refuses one in use with a French 409, and lists its companies', async () => {
    const unused = await newSector('vide');
    expect((await call(t, 'DELETE', `sectors/${unused.id}`, admin)).status).toBe(200);
    expect((await call(t, 'GET', `sectors/${unused.id}`, admin)).status).toBe(404);

    const used = await newSector('halieutique', 'Pêche industrielle');
    expect((await call(t, 'POST', `companies/${owner.company.id}`, owner.session, { sector_id: used.id })).status).toBe(200);
    const refused = await call(t, 'DELETE', `sectors/${used.id}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('sector_in_use');
    expect(refused.body.message).toContain('utilisé par 1 entreprise');
    expect(refused.body.message).toContain('Désactivez-le');

    const companies = await call(t, 'GET', `sectors/${used.id}/companies?q=littoral`, admin);
    expect(companies.status).toBe(200);
    expect(companies.body.data.map((c: any) => c.name)).toEqual(['Pêcherie du Littoral']);
    expect(companies.body.meta).toMatchObject({ total: 1, page: 1, has_more: false });
    const badPage = await call(t, 'GET', `sectors/${used.id}/companies?page=0`, admin);
    expect(badPage.status).toBe(422);
    expect(JSON.stringify(badPage.body)).toContain('La page commence à 1.');
    expect((await call(t, 'GET', `sectors/${used.id}/companies?nope=1`, admin)).status).toBe(400);
  });

  it('hides a deactivated sector from new choices but lets a company keep it', async () => {
    const sector = await newSector('artisanat');
    const other = await createOwner(t, 'Atelier Bois');
    expect((await call(t, 'POST', `companies/${other.company.id}`, other.session, { sector_id: sector.id })).status).toBe(200);
    await call(t, 'POST', `sectors/${sector.id}`, admin, { active: false });
    // The company that has it keeps it (a save with the same sector passes)…
    expect((await call(t, 'POST', `companies/${other.company.id}`, other.session, { sector_id: sector.id, name: 'Atelier Bois Sarl' })).status).toBe(200);
    // …a new choice is refused.
    const refused = await call(t, 'POST', 'companies', other.session, { name: 'Atelier Deux', sector_id: sector.id });
    expect(refused.status).toBe(422);
    expect(refused.body.data.sector_id[0]).toContain("n'est plus proposé");
    expect((await call(t, 'DELETE', `sectors/${sector.id}`, admin)).status).toBe(409);
  });
});
