import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, workspaces } from '../../../db/schema';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { addMembership } from '../../tenancy/agents/agents.repository';
import { call, createOwner, createTestUser, headersOf } from '../../tenancy/companies/tenancy.test-support';
import { createSurveyFixture, newUuid, type SurveyFixture } from '../participations/participations.test-support';

// An evaluation survey's own link (its Partage tab) names no target: the respondent picks one.
let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
const ids = { site: 0, w1: 0, w2: 0, bWorkspace: 0, agent: 0 };
let wsSurvey: SurveyFixture;
let agentSurvey: SurveyFixture;
let bSurvey: SurveyFixture;
let formSurvey: SurveyFixture;
let draft: SurveyFixture;
let signInSurvey: SurveyFixture;

type Choices = { kind: string; listed: boolean; more: boolean; targets: Array<{ kind: string; id: number; code: string; name: string; site_name: string | null }> };
const rating = [{ key: 'note', type: 'rating', required: true }];
const pick = (code: string, q?: string) => t.app.inject({ method: 'GET', url: `/api/v2/surveys/${code}/targets${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}` });

beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Choix SARL');
  b = await createOwner(t, 'Voisine SARL');
  const [site] = await t.db.orm.insert(sites).values({ company_id: a.company.id, name: 'Agence du Port', code: 'PORT' }).returning({ id: sites.id });
  ids.site = site.id;
  const ws = await t.db.orm
    .insert(workspaces)
    .values([
      { company_id: a.company.id, site_id: ids.site, name: 'Guichet 1', code: 'G1' },
      { company_id: a.company.id, site_id: ids.site, name: 'Caisse 2', code: 'C2' },
    ])
    .returning({ id: workspaces.id });
  [ids.w1, ids.w2] = ws.map((w) => w.id);
  const [bSite] = await t.db.orm.insert(sites).values({ company_id: b.company.id, name: 'Agence B', code: 'PORT' }).returning({ id: sites.id });
  ids.bWorkspace = (await t.db.orm.insert(workspaces).values({ company_id: b.company.id, site_id: bSite.id, name: 'Guichet B', code: 'G1' }).returning({ id: workspaces.id }))[0].id;
  const user = await createTestUser(t, { first_name: 'Awa', last_name: 'Mbida' });
  ids.agent = (await t.db.transaction((tx) => addMembership(tx, { companyId: a.company.id, userId: user.id, withMemberRole: false }))).id;

  wsSurvey = await createSurveyFixture(t, { companyId: a.company.id, title: 'Notez ce guichet', type: 'evaluation', targetKind: 'workspace', questions: rating });
  agentSurvey = await createSurveyFixture(t, { companyId: a.company.id, title: 'Notez l’agent', type: 'evaluation', targetKind: 'agent', questions: rating });
  bSurvey = await createSurveyFixture(t, { companyId: b.company.id, title: 'Guichets de B', type: 'evaluation', targetKind: 'workspace', questions: rating });
  formSurvey = await createSurveyFixture(t, { companyId: a.company.id, title: 'Avis', type: 'form', questions: rating });
  draft = await createSurveyFixture(t, { companyId: a.company.id, title: 'Brouillon', type: 'evaluation', targetKind: 'workspace', status: 'draft', questions: rating });
  signInSurvey = await createSurveyFixture(t, {
    companyId: a.company.id,
    title: 'Interne',
    type: 'evaluation',
    targetKind: 'workspace',
    settings: { sign_in_required: true },
    questions: rating,
  });
});
afterAll(() => t.close());

describe('GET surveys/{code}/targets (picking the evaluated object on the survey’s own link)', () => {
  it('lists the survey company’s targets of its kind to anyone holding the code, with their codes, searchable by name or code', async () => {
    const res = await pick(wsSurvey.code);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Choices;
    expect(data).toMatchObject({ kind: 'workspace', listed: true, more: false });
    expect(data.targets.map((x) => [x.kind, x.id, x.name, x.site_name])).toEqual([
      ['workspace', ids.w2, 'Caisse 2', 'Agence du Port'],
      ['workspace', ids.w1, 'Guichet 1', 'Agence du Port'],
    ]);
    for (const x of data.targets) expect(x.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(Object.keys(data.targets[0]!).sort()).toEqual(['code', 'id', 'kind', 'name', 'site_name']);

    const byName = (await pick(wsSurvey.code, 'guich')).json().data as Choices;
    expect(byName.targets.map((x) => x.id)).toEqual([ids.w1]);
    const w2Code = data.targets[0]!.code;
    const byCode = (await pick(wsSurvey.code, w2Code.toLowerCase())).json().data as Choices;
    expect(byCode.targets.map((x) => x.id)).toEqual([ids.w2]);
    expect(((await pick(wsSurvey.code, '%')).json().data as Choices).targets).toEqual([]);
  });

  it('and the picked target takes the answer the survey’s own link used to lose', async () => {
    const body = { survey_code: wsSurvey.code, client_uuid: newUuid(), status: 'submitted', answers: [{ question_id: wsSurvey.q.note, value: 4 }] };
    const refused = await call(t, 'POST', 'participations', null, body);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.target).toEqual(['Indiquez ce qui est évalué.']);
    const picked = ((await pick(wsSurvey.code, 'Guichet')).json().data as Choices).targets[0]!;
    const sent = await call(t, 'POST', 'participations', null, { ...body, target: { kind: picked.kind, id: picked.id } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  });

  it('never shows another company’s objects: its codes find nothing, its survey lists only its own', async () => {
    const bCode = ((await pick(bSurvey.code)).json().data as Choices).targets;
    expect(bCode.map((x) => x.id)).toEqual([ids.bWorkspace]);
    const fromA = (await pick(wsSurvey.code, bCode[0]!.code)).json().data as Choices;
    expect(fromA.targets).toEqual([]);
    // Signed in to company B changes nothing: the survey's company decides.
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/surveys/${wsSurvey.code}/targets`, headers: headersOf(b.session) });
    expect((res.json().data as Choices).targets.map((x) => x.id).sort()).toEqual([ids.w1, ids.w2].sort());
  });

  it('never lists people: an agent is found only by the exact code on their badge', async () => {
    const none = (await pick(agentSurvey.code)).json().data as Choices;
    expect(none).toEqual({ kind: 'agent', listed: false, targets: [], more: false });
    expect(((await pick(agentSurvey.code, 'Awa')).json().data as Choices).targets).toEqual([]);
    const link = await call(t, 'GET', `targets/agent/${ids.agent}/link`, a.session);
    const found = (await pick(agentSurvey.code, link.body.data.code)).json().data as Choices;
    expect(found.targets).toEqual([{ kind: 'agent', id: ids.agent, code: link.body.data.code, name: 'Awa Mbida', site_name: null }]);
  });

  it('answers 404 for what is not an answerable evaluation, 401 when the survey needs a sign-in, 422 for a search too long', async () => {
    expect((await pick('NOPE1234')).statusCode).toBe(404);
    expect((await pick(formSurvey.code)).statusCode).toBe(404);
    expect((await pick(draft.code)).statusCode).toBe(404);
    // By numeric id only for the survey company's agents (ids follow each other).
    expect((await pick(String(wsSurvey.id))).statusCode).toBe(404);
    const signedOut = await pick(signInSurvey.code);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe('Connectez-vous pour répondre à ce formulaire.');
    const signedIn = await t.app.inject({ method: 'GET', url: `/api/v2/surveys/${signInSurvey.code}/targets`, headers: headersOf(a.session) });
    expect(signedIn.statusCode).toBe(200);
    const long = await pick(wsSurvey.code, 'x'.repeat(101));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.q).toEqual(['Recherche : 100 caractères au plus.']);
  });
});
