import { encodeQuery } from '@app/contracts/query-codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, callIn, createOwner, headersOf } from '../../tenancy/companies/tenancy.test-support';
import { createPlainMember, expectCreated, zoneId } from '../structure.test-support';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Sites SARL');
  b = await createOwner(t, 'Sites Voisins');
});
afterAll(() => t.close());

describe('sites', () => {
  it('creates a site in a town with coordinates, a geofence and a generated public code', async () => {
    const douala = await zoneId(t, 'Douala');
    const res = await call(t, 'POST', 'sites', a.session, {
      name: 'Agence Akwa',
      zone_id: douala,
      address: 'Boulevard de la Liberté',
      latitude: 4.0511,
      longitude: 9.7679,
      geofence_radius_m: 200,
      manager_agent_id: a.company.agent_id,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Agence Akwa', zone_id: douala, latitude: 4.0511, geofence_radius_m: 200, status: 'active' });
    expect(res.body.data.code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/);
    // The town's region and country follow through includes.
    const detail = await call(t, 'GET', `sites/${res.body.data.id}?${encodeQuery({ includes: ['zone.parent.parent', 'manager'] })}`, a.session);
    expect(detail.body.data.zone.parent.name).toBe('Littoral');
    expect(detail.body.data.zone.parent.parent.name).toBe('Cameroun');
    expect(detail.body.data.manager.id).toBe(a.company.agent_id);
  });

  it('keeps codes unique per company, in the company-code alphabet', async () => {
    expect((await call(t, 'POST', 'sites', a.session, { name: 'Un', code: 'dla1' })).status).toBe(422); // 1 is not in the alphabet
    const first = await call(t, 'POST', 'sites', a.session, { name: 'Un', code: 'dla2' });
    expect(first.body.data.code).toBe('DLA2');
    const dup = await call(t, 'POST', 'sites', a.session, { name: 'Deux', code: 'DLA2' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toContain('déjà utilisé');
    // The same refusal in the caller's language (Accept-Language), same code and status.
    const inEnglish = await t.app.inject({
      method: 'POST',
      url: '/api/v2/sites',
      headers: { ...headersOf(a.session), 'accept-language': 'en' },
      payload: { name: 'Deux', code: 'DLA2' },
    });
    expect(inEnglish.statusCode).toBe(409);
    expect(inEnglish.json()).toMatchObject({ code: 'duplicate_code', message: 'This code is already used by another site of your company.' });
    expect((await call(t, 'POST', 'sites', b.session, { name: 'Ailleurs', code: 'DLA2' })).status).toBe(201);
  });

  it('refuses a region as zone, lone coordinates and another company’s manager (422)', async () => {
    const littoral = await zoneId(t, 'Littoral', 'region');
    const region = await call(t, 'POST', 'sites', a.session, { name: 'Région', zone_id: littoral });
    expect(region.status).toBe(422);
    expect(region.body.errors.zone_id[0]).toBe('Choisissez une ville.');
    const lone = await call(t, 'POST', 'sites', a.session, { name: 'Seul', latitude: 4 });
    expect(lone.body.errors.longitude[0]).toContain('vont ensemble');
    const manager = await call(t, 'POST', 'sites', a.session, { name: 'Chef', manager_agent_id: b.company.agent_id });
    expect(manager.status).toBe(422);
    expect(manager.body.errors.manager_agent_id[0]).toContain("n'appartient pas");
  });

  it('duplicates with a new code, filters by zone through the query object, and searches', async () => {
    const yaounde = await zoneId(t, 'Yaoundé');
    const site = await expectCreated(await call(t, 'POST', 'sites', a.session, { name: 'Bastos', zone_id: yaounde, geofence_radius_m: 80 }), 'site');
    const copy = await expectCreated(await call(t, 'POST', `sites/${site.id}/duplicate`, a.session), 'copy');
    expect(copy).toMatchObject({ name: 'Bastos (copie)', zone_id: yaounde, geofence_radius_m: 80 });
    expect(copy.code).not.toBe(site.code);
    const inYaounde = await call(t, 'GET', `sites?${encodeQuery({ filter_groups: [{ filters: [{ key: 'zone_id', operator: 'eq', value: yaounde }] }] })}`, a.session);
    expect(inYaounde.body.data.map((s: any) => s.name)).toEqual(['Bastos', 'Bastos (copie)']);
    const found = await call(t, 'POST', 'sites/search', a.session, { input: 'bastos' });
    expect(found.body.data).toHaveLength(2);
    // Named in the language of who duplicates, not in French (the name is stored as written).
    const inEnglish = await callIn(t, 'en', 'POST', `sites/${site.id}/duplicate`, a.session);
    expect(inEnglish.body.data.name).toBe('Bastos (copy)');
    expect((await call(t, 'POST', 'sites/search', b.session, { input: 'bastos' })).body.data).toHaveLength(0);
  });

  it("lists a site's agents, groups, workspaces and surveys", async () => {
    const site = await expectCreated(await call(t, 'POST', 'sites', a.session, { name: 'Deido' }), 'site');
    const member = await createPlainMember(t, a.company.id);
    await call(t, 'POST', `sites/${site.id}/agents`, a.session, { agent_id: member.agentId });
    await call(t, 'POST', `sites/${site.id}/agents`, a.session, { agent_id: member.agentId }); // idempotent
    expect((await call(t, 'GET', `sites/${site.id}/agents`, a.session)).body.data.map((x: any) => x.id)).toEqual([member.agentId]);
    expect((await call(t, 'GET', `sites/${site.id}/partners`, a.session)).status).toBe(404);
    const outsider = await call(t, 'POST', `sites/${site.id}/agents`, a.session, { agent_id: b.company.agent_id });
    expect(outsider.status).toBe(422);
    await call(t, 'POST', 'groups', a.session, { name: 'Équipe Deido', site_id: site.id });
    await call(t, 'POST', 'workspaces', a.session, { name: 'Caisse', code: 'DEI-C1', site_id: site.id, kind: 'counter' });
    const survey = (await call(t, 'POST', 'surveys', a.session, { title: 'Contrôle qualité' })).body.data;
    await call(t, 'POST', `sites/${site.id}/surveys`, a.session, { survey_id: survey.id });
    expect((await call(t, 'GET', `sites/${site.id}/groups`, a.session)).body.data.map((g: any) => g.name)).toEqual(['Équipe Deido']);
    expect((await call(t, 'GET', `sites/${site.id}/workspaces`, a.session)).body.data.map((w: any) => w.code)).toEqual(['DEI-C1']);
    expect((await call(t, 'GET', `sites/${site.id}/surveys`, a.session)).body.data.map((s: any) => s.title)).toEqual(['Contrôle qualité']);
    const withRelations = await call(t, 'GET', `sites/${site.id}?${encodeQuery({ includes: ['workspaces', 'groups'] })}`, a.session);
    expect(withRelations.body.data.workspaces).toHaveLength(1);
    // A member reads sites and their people; writing needs sites.update.
    expect((await call(t, 'GET', `sites/${site.id}/agents`, member.session)).status).toBe(200);
    expect((await call(t, 'DELETE', `sites/${site.id}/agents/${member.agentId}`, member.session)).status).toBe(403);
    expect((await call(t, 'DELETE', `sites/${site.id}/agents/${member.agentId}`, a.session)).status).toBe(200);
    expect((await call(t, 'DELETE', `sites/${site.id}/agents/${member.agentId}`, a.session)).status).toBe(404);
  });

  it('pins a site for its user only, and lists company zones and a zone’s children', async () => {
    const site = await expectCreated(await call(t, 'POST', 'sites', a.session, { name: 'Épinglé' }), 'site');
    expect((await call(t, 'POST', 'pins', a.session, { type: 'sites', id: site.id })).status).toBe(201);
    expect((await call(t, 'POST', 'pins', a.session, { type: 'sites', id: site.id })).status).toBe(201);
    const pins = (await call(t, 'GET', 'pins?type=sites', a.session)).body.data;
    expect(pins.map((p: any) => p.pinnable_id)).toEqual([site.id]);
    expect((await call(t, 'POST', 'pins', b.session, { type: 'sites', id: site.id })).status).toBe(404);
    expect((await call(t, 'POST', `pins/sites/${site.id}/${b.user.id}/delete`, a.session)).status).toBe(404);
    expect((await call(t, 'POST', `pins/sites/${site.id}/${a.user.id}/delete`, a.session)).status).toBe(200);
    expect((await call(t, 'GET', 'pins', a.session)).body.data).toHaveLength(0);

    const littoral = await zoneId(t, 'Littoral', 'region');
    const children = await call(t, 'GET', `zones/towns/parent/${littoral}`, null);
    expect(children.status).toBe(200);
    expect(children.body.data.map((z: any) => z.name)).toContain('Douala');
    expect((await call(t, 'GET', `zones/planets/parent/${littoral}`, null)).status).toBe(404);
    await call(t, 'POST', 'companyzones', a.session, { zone_id: littoral });
    const own = (await call(t, 'GET', 'companyzones', a.session)).body.data;
    expect(own.map((z: any) => z.name)).toEqual(['Littoral']);
    expect((await call(t, 'GET', 'companyzones', b.session)).body.data).toHaveLength(0);
    const member = await createPlainMember(t, a.company.id);
    expect((await call(t, 'POST', 'companyzones', member.session, { zone_id: littoral })).status).toBe(403);
  });

  it('lists the caller’s pinned rows first, marked, on every page and for that user only', async () => {
    const owner = await createOwner(t, 'Épingles SARL');
    const names = ['Alpha', 'Bravo', 'Charlie', 'Delta'];
    const created = [];
    for (const name of names) created.push(await expectCreated(await call(t, 'POST', 'sites', owner.session, { name }), 'site'));
    const delta = created[3];
    expect((await call(t, 'POST', 'pins', owner.session, { type: 'sites', id: delta.id })).status).toBe(201);

    const list = (await call(t, 'GET', `sites?${encodeQuery({ limit: 2, sort: [{ key: 'name', direction: 'asc' }] })}`, owner.session)).body.data;
    expect(list.map((s: any) => [s.name, s.pinned])).toEqual([
      ['Delta', true],
      ['Alpha', false],
    ]);
    const next = (await call(t, 'GET', `sites?${encodeQuery({ limit: 2, page: 1, sort: [{ key: 'name', direction: 'asc' }] })}`, owner.session)).body.data;
    expect(next.map((s: any) => s.name)).toEqual(['Bravo', 'Charlie']);
    // Search keeps the order; the detail says pinned too.
    const found = (await call(t, 'POST', 'sites/search', owner.session, { input: 'a', limit: 10 })).body.data;
    expect(found[0].name).toBe('Delta');
    expect((await call(t, 'GET', `sites/${delta.id}`, owner.session)).body.data.pinned).toBe(true);

    // Another member of the company sees no pin of the owner's.
    const member = await createPlainMember(t, owner.company.id);
    const theirs = (await call(t, 'GET', `sites?${encodeQuery({ limit: 1, sort: [{ key: 'name', direction: 'asc' }] })}`, member.session)).body.data;
    expect(theirs.map((s: any) => [s.name, s.pinned])).toEqual([['Alpha', false]]);

    // The dashboard's list names the pinned objects; a deleted one drops out.
    const survey = await expectCreated(await call(t, 'POST', 'surveys', owner.session, { title: 'Audit épinglé' }), 'survey');
    await call(t, 'POST', 'pins', owner.session, { type: 'surveys', id: survey.id });
    const pins = (await call(t, 'GET', 'pins', owner.session)).body.data;
    expect(pins.map((p: any) => [p.pinnable_type, p.label])).toEqual([
      ['surveys', 'Audit épinglé'],
      ['sites', 'Delta'],
    ]);
    expect(pins[0].kind).toBe(survey.type);
    const surveys = (await call(t, 'GET', 'surveys', owner.session)).body.data;
    expect(surveys.find((s: any) => s.id === survey.id).pinned).toBe(true);
    expect((await call(t, 'DELETE', `sites/${delta.id}`, owner.session)).status).toBe(200);
    expect((await call(t, 'GET', 'pins', owner.session)).body.data.map((p: any) => p.label)).toEqual(['Audit épinglé']);
  });
});
