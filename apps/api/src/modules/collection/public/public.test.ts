import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitors, participations, surveys } from '../../../db/schema';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner } from '../../tenancy/companies/tenancy.test-support';
import { buildSurvey, publish } from '../../surveys/surveys/surveys.test-support';
import { eq } from 'drizzle-orm';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let open: Awaited<ReturnType<typeof buildSurvey>>;
beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Publique SARL');
  open = await buildSurvey(t, a.session, { title: 'Ouvert à tous', steps: [[{ type: 'short_text', label: 'Nom' }]] });
  await publish(t, a.session, open.id);
});
afterAll(() => t.close());

const anonymous = (path: string) => call(t, 'GET', path, null);

describe('GET public/getobject/{type}/{code}', () => {
  it('resolves a published survey by code (case-insensitive), with its company and whether it accepts answers', async () => {
    for (const type of ['survey', 'su']) {
      const res = await anonymous(`public/getobject/${type}/${open.code.toLowerCase()}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        type: 'survey',
        survey: { id: open.id, code: open.code, title: 'Ouvert à tous', status: 'published' },
        company: { id: a.company.id, name: 'Publique SARL', code: a.company.code, logo: null },
        requires_sign_in: false,
        accepts_participations: true,
        refusal: null,
      });
      expect(res.body.data.survey.author_agent_id).toBeUndefined();
    }
    expect((await anonymous(`public/getobject/survey/${open.code}/extra-ignored`)).status).toBe(200);
  });

  it('tells why a published survey does not accept answers, and says when sign-in is required', async () => {
    const s = await buildSurvey(t, a.session, { steps: [[{ type: 'short_text' }]], body: { settings: { sign_in_required: true } } });
    await publish(t, a.session, s.id);
    await call(t, 'POST', `surveys/${s.id}/changeavailability`, a.session);
    const res = await anonymous(`public/getobject/survey/${s.code}`);
    expect(res.body.data).toMatchObject({
      requires_sign_in: true,
      accepts_participations: false,
      refusal: { reason: 'unavailable', message: "Ce formulaire n'est pas disponible pour le moment." },
    });
  });

  it('answers 404 for drafts, templates, unknown codes and unknown types', async () => {
    const draft = await buildSurvey(t, a.session, { steps: [] });
    expect((await anonymous(`public/getobject/survey/${draft.code}`)).status).toBe(404);
    const template = await call(t, 'POST', 'templates', a.session, { title: 'Modèle public ?' });
    expect((await anonymous(`public/getobject/survey/${template.body.data.code}`)).status).toBe(404);
    expect((await anonymous('public/getobject/survey/ZZZZZZZZ')).status).toBe(404);
    expect((await anonymous(`public/getobject/survey/${'%27%20OR%201%3D1'}`)).status).toBe(404);
    expect((await anonymous(`public/getobject/planet/${open.code}`)).status).toBe(404);
  });

  it('resolves a company code to the company and its surveys open to answers only', async () => {
    const closed = await buildSurvey(t, a.session, { title: 'Clôturé', steps: [[{ type: 'short_text' }]] });
    await publish(t, a.session, closed.id);
    await call(t, 'POST', `surveys/${closed.id}/close`, a.session);
    const later = await buildSurvey(t, a.session, { title: 'Plus tard', steps: [[{ type: 'short_text' }]], body: { opens_at: '2099-01-01T00:00:00Z' } });
    await publish(t, a.session, later.id);
    await buildSurvey(t, a.session, { title: 'Brouillon', steps: [] });
    const res = await anonymous(`public/getobject/company/${a.company.code.toLowerCase()}`);
    expect(res.status).toBe(200);
    expect(res.body.data.type).toBe('company');
    expect(res.body.data.company).toEqual({ id: a.company.id, name: 'Publique SARL', code: a.company.code, logo: null });
    const titles = res.body.data.surveys.map((s: any) => s.title);
    expect(titles).toContain('Ouvert à tous');
    expect(titles).not.toContain('Clôturé');
    expect(titles).not.toContain('Plus tard');
    expect(titles).not.toContain('Brouillon');
    expect((await anonymous('public/getobject/company/ZZZZZZ')).status).toBe(404);
  });

  it("lists only the surveys meant for the public: a supervision grid (a survey a monitor uses) stays internal", async () => {
    const grid = await buildSurvey(t, a.session, { title: 'Grille de supervision', body: { type: 'evaluation', target_kind: 'site' }, steps: [[{ type: 'rating', label: 'Accueil' }]] });
    await publish(t, a.session, grid.id);
    const before = await anonymous(`public/getobject/company/${a.company.code}`);
    expect(before.body.data.surveys.map((s: any) => s.title)).toContain('Grille de supervision');
    await t.db.orm.insert(monitors).values({ company_id: a.company.id, survey_id: grid.id, target_kind: 'agent', target_id: a.company.agent_id, agent_id: a.company.agent_id });
    const res = await anonymous(`public/getobject/company/${a.company.code}`);
    const titles = res.body.data.surveys.map((s: any) => s.title);
    expect(titles).toContain('Ouvert à tous');
    expect(titles).not.toContain('Grille de supervision');
  });

  it('never resolves a survey by its numeric id (ids follow each other; codes do not)', async () => {
    const res = await anonymous(`public/getobject/survey/${String(open.id).padStart(4, '0')}`);
    expect(res.status).toBe(404);
    expect((await anonymous(`public/getobject/su/${open.id}`)).status).toBe(404);
  });
});

describe('GET surveys/{id}/participate', () => {
  it("gives anyone the full definition of an open survey by its code, and its company's agents by id too", async () => {
    const s = await buildSurvey(t, a.session, {
      steps: [
        [{ type: 'single_choice', label: 'Agence', choices: [{ label: 'Akwa' }, { label: 'Bonapriso' }] }, { type: 'number', label: 'Âge' }],
        [{ type: 'long_text', label: 'Remarques' }],
        [{ type: 'short_text', label: 'Masquée' }],
      ],
    });
    await call(t, 'POST', `questions/${s.questionIds[0][1]}/changestate`, a.session);
    await call(t, 'POST', `steps/${s.stepIds[2]}/changestate`, a.session);
    await publish(t, a.session, s.id);
    const asAgent = (path: string) => call(t, 'GET', path, a.session);
    for (const [ref, read] of [[s.code, anonymous], [s.code.toLowerCase(), anonymous], [String(s.id), asAgent]] as const) {
      const res = await read(`surveys/${ref}/participate`);
      expect(res.status, ref).toBe(200);
      const def = res.body.data;
      expect(def.survey).toMatchObject({ id: s.id, code: s.code, status: 'published' });
      expect(def.company.name).toBe('Publique SARL');
      expect(def.steps.map((x: any) => x.title)).toEqual(['Étape 1', 'Étape 2']);
      expect(def.steps[0].questions.map((q: any) => q.label)).toEqual(['Agence']);
      expect(def.steps[0].questions[0].choices.map((c: any) => c.label)).toEqual(['Akwa', 'Bonapriso']);
    }
  });

  it("answers a numeric id like an unknown code for anyone but the survey company's agents", async () => {
    const unknown = await anonymous('surveys/ZZZZZZZZ/participate');
    expect(unknown.status).toBe(404);
    const other = await createOwner(t, 'Voisin SARL');
    // Closed, unavailable or open alike: nothing tells that the id exists.
    const closed = await buildSurvey(t, a.session, { steps: [[{ type: 'short_text' }]] });
    await publish(t, a.session, closed.id);
    await call(t, 'POST', `surveys/${closed.id}/close`, a.session);
    for (const id of [open.id, closed.id, 99999999]) {
      for (const session of [null, other.session]) {
        const res = await call(t, 'GET', `surveys/${id}/participate`, session);
        expect(res.status, `${id}`).toBe(404);
        expect(res.body).toEqual(unknown.body);
      }
    }
    expect((await call(t, 'GET', `surveys/${open.id}/participate`, a.session)).status).toBe(200);
    expect((await anonymous(`surveys/${open.code}/participate`)).status).toBe(200);
  });

  it('answers 404 for drafts and unknown surveys, 409 with the reason otherwise', async () => {
    const draft = await buildSurvey(t, a.session, { steps: [[{ type: 'short_text' }]] });
    expect((await anonymous(`surveys/${draft.code}/participate`)).status).toBe(404);
    expect((await call(t, 'GET', `surveys/${draft.id}/participate`, a.session)).status).toBe(404);
    const s = await buildSurvey(t, a.session, { steps: [[{ type: 'short_text' }]] });
    await publish(t, a.session, s.id);
    const reasons: Array<[() => Promise<unknown>, string]> = [
      [() => call(t, 'POST', `surveys/${s.id}/active`, a.session, { active: false }), 'désactivé'],
      [() => call(t, 'POST', `surveys/${s.id}/active`, a.session, { active: true }), ''],
      [() => call(t, 'POST', `surveys/${s.id}/changeavailability`, a.session, { availability: 'unavailable' }), "n'est pas disponible"],
      [() => call(t, 'POST', `surveys/${s.id}/changeavailability`, a.session, { availability: 'available' }), ''],
      [() => call(t, 'POST', `surveys/${s.id}`, a.session, { opens_at: '2099-01-01T00:00:00Z' }), 'pas encore ouvert'],
      [() => call(t, 'POST', `surveys/${s.id}`, a.session, { opens_at: null }), ''],
      [() => t.db.orm.update(surveys).set({ closes_at: new Date(Date.now() - 1000) }).where(eq(surveys.id, s.id)), 'période de réponse'],
      [() => t.db.orm.update(surveys).set({ closes_at: null }).where(eq(surveys.id, s.id)), ''],
      [() => call(t, 'POST', `surveys/${s.id}/close`, a.session), 'clôturé'],
    ];
    for (const [change, message] of reasons) {
      await change();
      const res = await anonymous(`surveys/${s.code}/participate`);
      if (message) {
        expect(res.status, message).toBe(409);
        expect(res.body.message).toContain(message);
      } else {
        expect(res.status).toBe(200);
      }
    }
  });

  it('stops accepting answers once the quota of submitted participations is reached', async () => {
    const s = await buildSurvey(t, a.session, { steps: [[{ type: 'short_text' }]], body: { settings: { quota: 2 } } });
    await publish(t, a.session, s.id);
    const submit = (n: number, submitted: boolean) =>
      t.db.orm.insert(participations).values({
        survey_id: s.id,
        company_id: a.company.id,
        client_uuid: `quota-${s.id}-${n}`,
        status: submitted ? 'submitted' : 'in_progress',
        submitted_at: submitted ? new Date() : null,
      });
    await submit(1, true);
    await submit(2, false);
    expect((await anonymous(`surveys/${s.code}/participate`)).status).toBe(200);
    await submit(3, true);
    const res = await anonymous(`surveys/${s.code}/participate`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Ce formulaire a atteint le nombre maximal de réponses.');
    expect((await anonymous(`public/getobject/survey/${s.code}`)).body.data).toMatchObject({
      accepts_participations: false,
      refusal: { reason: 'quota_reached' },
    });
  });

  it('needs a signed-in caller when the survey requires it (401)', async () => {
    const s = await buildSurvey(t, a.session, { steps: [[{ type: 'short_text' }]], body: { settings: { sign_in_required: true } } });
    await publish(t, a.session, s.id);
    const res = await anonymous(`surveys/${s.code}/participate`);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Connectez-vous pour répondre à ce formulaire.');
    expect((await call(t, 'GET', `surveys/${s.code}/participate`, a.session)).status).toBe(200);
  });
});

describe('QR codes', () => {
  const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  it('renders the public link as PNG and SVG for the company, any status', async () => {
    const draft = await buildSurvey(t, a.session, { steps: [] });
    const png = await t.app.inject({
      method: 'GET',
      url: `/api/v2/surveys/${draft.id}/qrcode.png?size=300`,
      headers: { authorization: `Bearer ${a.session.token}`, userid: String(a.session.userId), 'agent-id': String(a.session.agentId) },
    });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // IHDR width, bytes 16-19: the requested size.
    expect(png.rawPayload.readUInt32BE(16)).toBe(300);
    expect(png.headers['content-disposition']).toBe(`inline; filename="formulaire-${draft.code}.png"; filename*=UTF-8''formulaire-${draft.code}.png`);
    // Named in the caller's language (Accept-Language), which a shared cache must tell apart.
    const svg = await t.app.inject({
      method: 'GET',
      url: `/api/v2/surveys/${draft.id}/qrcode.svg?download=1`,
      headers: { authorization: `Bearer ${a.session.token}`, userid: String(a.session.userId), 'agent-id': String(a.session.agentId), 'accept-language': 'en' },
    });
    expect(svg.headers['content-disposition']).toBe(`attachment; filename="form-${draft.code}.svg"; filename*=UTF-8''form-${draft.code}.svg`);
    expect(svg.headers.vary).toContain('Accept-Language');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.body).toContain('<path');
    expect(svg.headers['content-disposition']).toContain('attachment;');
    const tooBig = await call(t, 'GET', `surveys/${draft.id}/qrcode.png?size=99999`, a.session);
    expect(tooBig.status).toBe(422);
  });

  it('gives the share link: absolute URL from the request host', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/surveys/${open.id}/link`,
      headers: { host: 'enquetes.example.cm', authorization: `Bearer ${a.session.token}`, userid: String(a.session.userId), 'agent-id': String(a.session.agentId) },
    });
    expect(res.json().data).toEqual({
      code: open.code,
      path: `/m/su/${open.code}`,
      url: `http://enquetes.example.cm/m/su/${open.code}`,
      qrcode: { png: `surveys/${open.id}/qrcode.png`, svg: `surveys/${open.id}/qrcode.svg` },
      public_qrcode: { png: `public/qrcode/${open.code}.png`, svg: `public/qrcode/${open.code}.svg` },
    });
  });

  it('serves published surveys’ QR codes publicly by code, 404 otherwise', async () => {
    const png = await t.app.inject({ method: 'GET', url: `/api/v2/public/qrcode/${open.code}.png` });
    expect(png.statusCode).toBe(200);
    expect(png.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.rawPayload.length).toBeGreaterThan(500);
    const svg = await t.app.inject({ method: 'GET', url: `/api/v2/public/qrcode/${open.code.toLowerCase()}.svg` });
    expect(svg.statusCode).toBe(200);
    expect(svg.body).toContain('<svg');
    const draft = await buildSurvey(t, a.session, { steps: [] });
    for (const file of [`${draft.code}.png`, `${open.code}.gif`, 'ZZZZZZZZ.png', `${open.id}.png`]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/v2/public/qrcode/${file}` })).statusCode, file).toBe(404);
    }
  });
});

describe('public configuration', () => {
  it('uses PUBLIC_BASE_URL for links and limits public lookups per address (429)', async () => {
    const limited = await openTestApp({ PUBLIC_BASE_URL: 'https://enquetes.cm/', PUBLIC_RATE_LIMIT_MAX: '3' });
    try {
      const owner = await createOwner(limited, 'Limitée');
      const s = await buildSurvey(limited, owner.session, { steps: [[{ type: 'short_text' }]] });
      await publish(limited, owner.session, s.id);
      const link = await call(limited, 'GET', `surveys/${s.id}/link`, owner.session);
      expect(link.body.data.url).toBe(`https://enquetes.cm/m/su/${s.code}`);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await call(limited, 'GET', `public/getobject/survey/ZZZZZZ${i}A`, null)).status);
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
      const limitedRes = await limited.app.inject({ method: 'GET', url: `/api/v2/public/getobject/survey/${s.code}` });
      expect(limitedRes.statusCode).toBe(429);
      expect(limitedRes.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it('limits participate lookups per address like public ones (429), found or not', async () => {
    const limited = await openTestApp({ PUBLIC_RATE_LIMIT_MAX: '3' });
    try {
      const owner = await createOwner(limited, 'Limitée');
      const s = await buildSurvey(limited, owner.session, { steps: [[{ type: 'short_text' }]] });
      await publish(limited, owner.session, s.id);
      const statuses: number[] = [];
      for (const code of [s.code, 'ZZZZZZZ1', 'ZZZZZZZ2', 'ZZZZZZZ3', s.code]) {
        statuses.push((await call(limited, 'GET', `surveys/${code}/participate`, null)).status);
      }
      expect(statuses).toEqual([200, 404, 404, 429, 429]);
      const blocked = await limited.app.inject({ method: 'GET', url: `/api/v2/surveys/${s.code}/participate` });
      expect(blocked.headers['retry-after']).toBeDefined();
      // An IPv6 client counts per /64: changing address inside it does not start afresh.
      const from = (remoteAddress: string) =>
        limited.app.inject({ method: 'GET', url: '/api/v2/surveys/ZZZZZZZ9/participate', remoteAddress }).then((r) => r.statusCode);
      const v6: number[] = [];
      for (const address of ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:a::3', '2001:db8:5:6:b::4']) v6.push(await from(address));
      expect(v6).toEqual([404, 404, 404, 429]);
      expect(await from('2001:db8:5:7::1')).toBe(404);
    } finally {
      await limited.close();
    }
  });
});
