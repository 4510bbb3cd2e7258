import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audiences, groups, participations, sites, workspaces } from '../../../db/schema';
import { decodeQrCodesInPdf, decodeQrPng } from '../../../test/qr-decode';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { addMembership } from '../../tenancy/agents/agents.repository';
import { call, createOwner, createTestUser, headersOf, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';
import { extractPdfText } from '../exports/export-files.test-support';
import { createSurveyFixture, newUuid, type SurveyFixture } from '../participations/participations.test-support';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let bare: Session;
const ids = { site: 0, emptySite: 0, w1: 0, w2: 0, w3: 0, group: 0, audience: 0, bSite: 0, bWorkspace: 0 };
let wsSurvey: SurveyFixture;
let siteSurvey: SurveyFixture;
let bSurvey: SurveyFixture;

// Agence du Port: 4.0500, 9.7000, a 100 m geofence.
const SITE = { latitude: 4.05, longitude: 9.7 };

async function insertSite(companyId: number, name: string, code: string, position: { latitude: number; longitude: number } | null) {
  const [row] = await t.db.orm
    .insert(sites)
    .values({ company_id: companyId, name, code, latitude: position?.latitude ?? null, longitude: position?.longitude ?? null, geofence_radius_m: 100 })
    .returning({ id: sites.id });
  return row.id;
}

async function insertWorkspace(companyId: number, siteId: number, name: string, code: string) {
  const [row] = await t.db.orm.insert(workspaces).values({ company_id: companyId, site_id: siteId, name, code }).returning({ id: workspaces.id });
  return row.id;
}

beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Cibles SARL');
  b = await createOwner(t, 'Autre SARL');
  const user = await createTestUser(t, { first_name: 'SansRôle' });
  const agent = await t.db.transaction((tx) => addMembership(tx, { companyId: a.company.id, userId: user.id, withMemberRole: false }));
  bare = await signIn(t, user);
  bare.agentId = agent.id;

  ids.site = await insertSite(a.company.id, 'Agence du Port', 'PORT', SITE);
  ids.emptySite = await insertSite(a.company.id, 'Agence vide', 'VIDE', null);
  const other = await insertSite(a.company.id, 'Agence Centre', 'CTR', { latitude: 4.06, longitude: 9.71 });
  ids.w1 = await insertWorkspace(a.company.id, ids.site, 'Guichet 1', 'G1');
  ids.w2 = await insertWorkspace(a.company.id, ids.site, 'Caisse « Élite »', 'G2');
  ids.w3 = await insertWorkspace(a.company.id, other, 'Guichet central', 'G1C');
  ids.group = (await t.db.orm.insert(groups).values({ company_id: a.company.id, name: 'Équipe Port', site_id: ids.site }).returning({ id: groups.id }))[0].id;
  ids.audience = (await t.db.orm.insert(audiences).values({ company_id: a.company.id, name: 'Tous', population: 'agents' }).returning({ id: audiences.id }))[0].id;
  ids.bSite = await insertSite(b.company.id, 'Agence B', 'PORT', SITE);
  ids.bWorkspace = await insertWorkspace(b.company.id, ids.bSite, 'Guichet 1', 'G1');

  const rating = [{ key: 'note', type: 'rating', required: true }];
  wsSurvey = await createSurveyFixture(t, { companyId: a.company.id, title: 'Notez ce guichet', type: 'evaluation', targetKind: 'workspace', questions: rating });
  siteSurvey = await createSurveyFixture(t, { companyId: a.company.id, title: 'Visite', type: 'evaluation', targetKind: 'site', questions: rating });
  bSurvey = await createSurveyFixture(t, { companyId: b.company.id, title: 'Guichet de B', type: 'evaluation', targetKind: 'workspace', questions: rating });
  await createSurveyFixture(t, { companyId: a.company.id, title: 'Brouillon', type: 'evaluation', targetKind: 'workspace', status: 'draft', questions: rating });
});
afterAll(() => t.close());

const get = (url: string, session: Session | null = a.session) => t.app.inject({ method: 'GET', url: `/api/v2/${url}`, headers: session ? headersOf(session) : {} });
const linkOf = async (kind: string, id: number) => {
  const res = await call(t, 'GET', `targets/${kind}/${id}/link`, a.session);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { code: string; url: string; path: string; name: string; site: { id: number; name: string } | null };
};

describe('GET targets/{kind}/{id}/link', () => {
  it('gives every kind of evaluable object a stable public code and link', async () => {
    const first = await linkOf('workspace', ids.w1);
    expect(first).toMatchObject({ name: 'Guichet 1', site: { id: ids.site, name: 'Agence du Port' } });
    expect(first.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.path).toBe(`/m/ws/${first.code}`);
    expect(first.url).toMatch(new RegExp(`/m/ws/${first.code}$`));
    expect((await linkOf('workspace', ids.w1)).code).toBe(first.code);
    expect((await linkOf('site', ids.site)).path).toMatch(/^\/m\/si\//);
    expect((await linkOf('group', ids.group)).path).toMatch(/^\/m\/gr\//);
    expect((await linkOf('audience', ids.audience)).path).toMatch(/^\/m\/au\//);
    expect((await linkOf('agent', a.company.agent_id)).name).toMatch(/^Fondateur/);
    expect((await linkOf('company', a.company.id)).path).toBe(`/m/co/${a.company.code}`);
  });

  it('needs a session, hides other companies, checks the permission and rejects bad input', async () => {
    expect((await get(`targets/workspace/${ids.w1}/link`, null)).statusCode).toBe(401);
    expect((await get(`targets/workspace/${ids.w1}/link`, b.session)).statusCode).toBe(404);
    expect((await get(`targets/company/${a.company.id}/link`, b.session)).statusCode).toBe(404);
    expect((await get(`targets/workspace/${ids.w1}/link`, bare)).statusCode).toBe(403);
    expect((await get(`targets/planet/${ids.w1}/link`)).statusCode).toBe(404);
    expect((await get('targets/workspace/abc/link')).statusCode).toBe(404);
    expect((await get('targets/workspace/99999999/link')).statusCode).toBe(404);
  });
});

describe('GET targets/{kind}/{id}/qrcode.png|svg', () => {
  it('draws the public link as a PNG and an SVG QR code', async () => {
    const link = await linkOf('workspace', ids.w2);
    const png = await get(`targets/workspace/${ids.w2}/qrcode.png?download=1`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toContain(`qr-workspace-${link.code}.png`);
    expect(png.headers['content-disposition']).toMatch(/^attachment/);
    expect(decodeQrPng(png.rawPayload)).toBe(link.url);
    const svg = await get(`targets/workspace/${ids.w2}/qrcode.svg?size=256`);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toMatch(/^<svg[^>]+width="256"/);
  });

  it('is private to the company, needs the permission and a sensible size', async () => {
    expect((await get(`targets/workspace/${ids.w2}/qrcode.png`, null)).statusCode).toBe(401);
    expect((await get(`targets/workspace/${ids.w2}/qrcode.png`, b.session)).statusCode).toBe(404);
    expect((await get(`targets/workspace/${ids.w2}/qrcode.svg`, bare)).statusCode).toBe(403);
    const tiny = await get(`targets/workspace/${ids.w2}/qrcode.png?size=10`);
    expect([400, 422]).toContain(tiny.statusCode);
    expect(tiny.json().message).toBeTruthy();
  });
});

describe('GET targets/{kind}/qrcodes.pdf', () => {
  it('prints every workspace of a site, each code decoding to its link, with names under them', async () => {
    const res = await get(`targets/workspace/qrcodes.pdf?site_id=${ids.site}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="qr-codes-workspace\.pdf"/);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const expected = [(await linkOf('workspace', ids.w1)).url, (await linkOf('workspace', ids.w2)).url];
    expect(decodeQrCodesInPdf(pdf).sort()).toEqual(expected.sort());
    const text = extractPdfText(pdf).join('\n');
    expect(text).toContain('Guichet 1');
    expect(text).toContain('Caisse « Élite »');
    expect(text).toContain('Agence du Port');
    expect(text).not.toContain('Guichet central');
  });

  it('prints names in any script (Chinese, "ŋ"), a name too long for its cell cut with "…", its words in the printer’s language', async () => {
    const chinese = await insertWorkspace(a.company.id, ids.emptySite, '收银台 Ŋgaoundéré', 'CNW1');
    const long = await insertWorkspace(a.company.id, ids.emptySite, 'Guichet des réclamations et du service après-vente du rez-de-chaussée, côté parking', 'LONG1');
    try {
      const res = await get(`targets/workspace/qrcodes.pdf?ids=${chinese},${long}`);
      expect(res.statusCode).toBe(200);
      const text = extractPdfText(res.rawPayload).join('\n');
      expect(text).toContain('收银台 Ŋgaoundéré');
      expect(text).toContain('Guichet des réclamations');
      expect(text).toMatch(/…$/m);
      expect(text).not.toContain('côté parking');
      expect(decodeQrCodesInPdf(res.rawPayload)).toHaveLength(2);
      expect(text).toContain('QR codes — Espaces de travail');
      const { code } = await linkOf('workspace', chinese);
      expect(text).toContain(`Code : ${code}`);
      // The sheet's own words in the printer's language (Accept-Language).
      const inChinese = await t.app.inject({
        method: 'GET',
        url: `/api/v2/targets/workspace/qrcodes.pdf?ids=${chinese}`,
        headers: { ...headersOf(a.session), 'accept-language': 'zh-CN' },
      });
      const zh = extractPdfText(inChinese.rawPayload).join('\n');
      for (const expected of ['二维码 — 工作区', '第 1/1 页', `代码：${code}`, '收银台 Ŋgaoundéré']) expect(zh, expected).toContain(expected);
    } finally {
      await t.db.orm.delete(workspaces).where(eq(workspaces.site_id, ids.emptySite));
    }
  });

  it('prints chosen ids over several pages', async () => {
    const extra: number[] = [];
    for (let i = 0; i < 12; i++) extra.push(await insertWorkspace(a.company.id, ids.emptySite, `Box ${i + 1}`, `BOX${i}`));
    const res = await get(`targets/workspace/qrcodes.pdf?ids=${[ids.w3, ...extra].join(',')}`);
    expect(res.statusCode).toBe(200);
    const decoded = decodeQrCodesInPdf(res.rawPayload);
    expect(decoded).toHaveLength(13);
    expect(decoded).toContain((await linkOf('workspace', ids.w3)).url);
    expect((res.rawPayload.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length).toBe(2);
    await t.db.orm.delete(workspaces).where(eq(workspaces.site_id, ids.emptySite));
  });

  it('refuses in French a selection larger than one sheet holds, instead of printing part of it', async () => {
    await t.db.rows(sql`INSERT INTO workspaces (company_id, site_id, name, code)
      SELECT ${a.company.id}, ${ids.emptySite}, 'Box ' || i, 'BX' || i FROM generate_series(1, 501) AS i`);
    try {
      const res = await get(`targets/workspace/qrcodes.pdf?site_id=${ids.emptySite}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Plus de 500 objets à imprimer : choisissez-les par site ou par sélection.');
    } finally {
      await t.db.orm.delete(workspaces).where(eq(workspaces.site_id, ids.emptySite));
    }
  });

  it('refuses signed-out callers, other companies, missing permission and bad selections', async () => {
    expect((await get(`targets/workspace/qrcodes.pdf?site_id=${ids.site}`, null)).statusCode).toBe(401);
    expect((await get(`targets/workspace/qrcodes.pdf?site_id=${ids.site}`, b.session)).statusCode).toBe(404);
    expect((await get(`targets/workspace/qrcodes.pdf?ids=${ids.w1},${ids.bWorkspace}`)).statusCode).toBe(404);
    expect((await get(`targets/workspace/qrcodes.pdf?site_id=${ids.site}`, bare)).statusCode).toBe(403);
    for (const query of ['ids=abc', 'ids=1,,x', 'site_id=-3', `ids=${Array.from({ length: 501 }, (_, i) => i + 1).join(',')}`]) {
      const res = await get(`targets/workspace/qrcodes.pdf?${query}`);
      expect([400, 422], query).toContain(res.statusCode);
    }
    const empty = await get(`targets/workspace/qrcodes.pdf?site_id=${ids.emptySite}`);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Aucun objet à imprimer.');
  });
});

describe('public links of targets', () => {
  it('names the target and offers the company’s open evaluation surveys of that kind only', async () => {
    const link = await linkOf('workspace', ids.w1);
    for (const type of ['ws', 'workspace']) {
      const res = await call(t, 'GET', `public/getobject/${type}/${link.code.toLowerCase()}`, null);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        type: 'target',
        target: { kind: 'workspace', id: ids.w1, code: link.code, name: 'Guichet 1', site: { id: ids.site, name: 'Agence du Port' } },
        company: { id: a.company.id, name: 'Cibles SARL' },
      });
      expect(res.body.data.surveys.map((s: { code: string }) => s.code)).toEqual([wsSurvey.code]);
    }
    // The signed-in link carries the id: it must be the code's object.
    expect((await call(t, 'GET', `public/getobject/ws/${link.code}/${ids.w1}`, null)).status).toBe(200);
    expect((await call(t, 'GET', `public/getobject/ws/${link.code}/${ids.w2}`, null)).status).toBe(404);
    expect((await call(t, 'GET', `public/getobject/si/${link.code}`, null)).status).toBe(404);
    expect((await call(t, 'GET', `public/getobject/target/${link.code}`, null)).body.data.target).toMatchObject({ kind: 'workspace', id: ids.w1 });
    expect((await call(t, 'GET', 'public/getobject/ws/ZZZZZZZZ', null)).status).toBe(404);
  });

  it('a counter of a deleted site is gone with it: no public page, no link, no evaluation, not listed', async () => {
    const closed = await insertSite(a.company.id, 'Agence fermée', 'FERME', SITE);
    const counter = await insertWorkspace(a.company.id, closed, 'Guichet fermé', 'GF');
    const link = await linkOf('workspace', counter);
    expect((await call(t, 'DELETE', `sites/${closed}`, a.session)).status).toBe(200);
    expect((await call(t, 'GET', `public/getobject/ws/${link.code}`, null)).status).toBe(404);
    expect((await call(t, 'GET', `targets/workspace/${counter}/link`, a.session)).status).toBe(404);
    const answer = await call(t, 'POST', 'participations', null, {
      survey_code: wsSurvey.code,
      client_uuid: newUuid(),
      status: 'submitted',
      answers: [{ question_id: wsSurvey.q.note, value: 4 }],
      target: { kind: 'workspace', id: counter },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.target).toEqual(['La cible évaluée est introuvable.']);
    const company = await call(t, 'GET', `public/getobject/co/${a.company.code}`, null);
    expect(company.body.data.targets.map((x: { name: string }) => x.name)).not.toContain('Guichet fermé');
  });

  it('never resolves one company’s code to another company’s surveys', async () => {
    const bLink = (await call(t, 'GET', `targets/workspace/${ids.bWorkspace}/link`, b.session)).body.data;
    const aLink = await linkOf('workspace', ids.w1);
    expect(bLink.code).not.toBe(aLink.code);
    const res = await call(t, 'GET', `public/getobject/ws/${bLink.code}`, null);
    expect(res.body.data.company.id).toBe(b.company.id);
    expect(res.body.data.surveys.map((s: { code: string }) => s.code)).toEqual([bSurvey.code]);
  });

  it('lists the company’s open surveys and the targets they evaluate by company code', async () => {
    const res = await call(t, 'GET', `public/getobject/co/${a.company.code}`, null);
    expect(res.status).toBe(200);
    expect(res.body.data.surveys.map((s: { code: string }) => s.code).sort()).toEqual([wsSurvey.code, siteSurvey.code].sort());
    const targets = res.body.data.targets as Array<{ kind: string; name: string; path: string }>;
    expect(targets.filter((x) => x.kind === 'workspace').map((x) => x.name)).toEqual(['Guichet central', 'Caisse « Élite »', 'Guichet 1']);
    expect(targets.filter((x) => x.kind === 'site').map((x) => x.name)).toContain('Agence du Port');
    expect(targets.some((x) => x.kind === 'agent' || x.kind === 'audience')).toBe(false);
    expect(targets.find((x) => x.name === 'Guichet 1')?.path).toBe((await linkOf('workspace', ids.w1)).path);
  });

  it('is rate limited per address', async () => {
    const limited = await openTestApp({ PUBLIC_RATE_LIMIT_MAX: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.app.inject({ url: '/api/v2/public/getobject/ws/ZZZZZZZZ' })).statusCode);
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('participations of a target', () => {
  const rate = (s: SurveyFixture, value = 4) => [{ question_id: s.q.note, value }];

  it('stores the evaluated target with ref and src from an anonymous respondent', async () => {
    const res = await call(t, 'POST', 'participations', null, {
      survey_code: wsSurvey.code,
      client_uuid: newUuid(),
      answers: rate(wsSurvey),
      target: { kind: 'workspace', id: ids.w1 },
      ref: 'comptoir',
      src: 'qrcode',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ target_kind: 'workspace', target_id: ids.w1, ref: 'comptoir', src: 'qrcode', geofence_status: null, geofence_distance_m: null });
  });

  it('refuses in French a target of another company, of another kind or that does not exist', async () => {
    const cases: Array<[unknown, string]> = [
      [{ kind: 'workspace', id: ids.bWorkspace }, 'La cible évaluée est introuvable.'],
      [{ kind: 'workspace', id: 2_000_000_000 }, 'La cible évaluée est introuvable.'],
      [{ kind: 'site', id: ids.site }, 'Ce formulaire n’évalue pas ce type de cible.'],
      [undefined, 'Indiquez ce qui est évalué.'],
    ];
    for (const [target, message] of cases) {
      const res = await call(t, 'POST', 'participations', null, { survey_code: wsSurvey.code, client_uuid: newUuid(), answers: rate(wsSurvey), target });
      expect(res.status).toBe(422);
      expect(res.body.errors.target).toEqual([message]);
    }
    const bad = await call(t, 'POST', 'participations', null, { survey_code: wsSurvey.code, client_uuid: newUuid(), answers: rate(wsSurvey), target: { kind: 'workspace', id: 'x' } });
    expect(bad.status).toBe(422);
  });
});

describe('visits in the field', () => {
  const visit = (geolocation: unknown, target = { kind: 'site', id: ids.site }, survey = siteSurvey, session: Session | null = a.session) =>
    call(t, 'POST', 'participations', session, { survey_code: survey.code, client_uuid: newUuid(), answers: [{ question_id: survey.q.note, value: 3 }], target, geolocation });

  it('records an agent’s position inside the site’s geofence with the distance', async () => {
    const res = await visit({ latitude: 4.0503, longitude: 9.7, accuracy: 8 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ geofence_status: 'inside', geofence_distance_m: 33, latitude: 4.0503 });
  });

  it('flags a visit outside the geofence (or without a position) for review, never refuses it', async () => {
    const outside = await visit({ latitude: 4.06, longitude: 9.7 });
    expect(outside.status).toBe(201);
    expect(outside.body.data).toMatchObject({ status: 'submitted', geofence_status: 'outside', geofence_distance_m: 1112 });
    const unknown = await visit(null);
    expect(unknown.body.data).toMatchObject({ geofence_status: 'unknown', geofence_distance_m: null });
    const filter = 'filter_groups[0][filters][0][key]=geofence_status&filter_groups[0][filters][0][value]=outside';
    const flagged = await call(t, 'GET', `participations?${filter}&filter_groups[0][filters][1][key]=survey_id&filter_groups[0][filters][1][value]=${siteSurvey.id}`, a.session);
    expect(flagged.status).toBe(200);
    expect(flagged.body.data.map((p: { id: number }) => p.id)).toEqual([outside.body.data.id]);
  });

  it('checks a workspace visit against its site, and not customers’ evaluations', async () => {
    const agentVisit = await visit({ latitude: 4.05, longitude: 9.7 }, { kind: 'workspace', id: ids.w1 }, wsSurvey);
    expect(agentVisit.body.data).toMatchObject({ geofence_status: 'inside', geofence_distance_m: 0 });
    const customer = await visit({ latitude: 5, longitude: 10 }, { kind: 'workspace', id: ids.w1 }, wsSurvey, null);
    expect(customer.status).toBe(201);
    expect(customer.body.data.geofence_status).toBeNull();
    const [stored] = await t.db.orm.select().from(participations).where(eq(participations.id, customer.body.data.id));
    expect(stored.geofence_distance_m).toBeNull();
  });
});
