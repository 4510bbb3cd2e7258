import { encodeQuery } from '@app/contracts/query-codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, callIn, createOwner, createTestUser, signIn } from '../../tenancy/companies/tenancy.test-support';
import { addMember, createSurveyFixture, newUuid, type SurveyFixture } from './participations.test-support';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createOwner>>;
let stranger: Awaited<ReturnType<typeof createOwner>>;
let survey: SurveyFixture;
let member: Awaited<ReturnType<typeof addMember>>;
let customer: Awaited<ReturnType<typeof signIn>>;
let customerId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await openTestApp();
  owner = await createOwner(t, 'Pharmacie Akwa', { first_name: 'Brice' });
  stranger = await createOwner(t, 'Concurrent SARL');
  member = await addMember(t, owner.company.id, 'Carine');
  survey = await createSurveyFixture(t, {
    companyId: owner.company.id,
    authorAgentId: owner.company.agent_id,
    title: 'Accueil en officine',
    questions: [
      { key: 'service', type: 'multiple_choice', label: 'Services utilisés', choices: [{ label: 'Ordonnance' }, { label: 'Conseil' }, { label: 'Parapharmacie' }] },
      { key: 'when', type: 'date', label: 'Date de visite' },
      { key: 'grid', type: 'matrix', label: 'Votre avis', settings: { rows: [{ id: 'accueil', label: 'Accueil' }, { id: 'attente', label: 'Attente' }], columns: [{ id: 'bien', label: 'Bien' }, { id: 'mal', label: 'Mal' }] } },
      { key: 'comment', type: 'long_text', label: 'Commentaire' },
    ],
  });
  const answers = [
    { question_id: survey.q.service, value: [survey.c.service[2], survey.c.service[0]] },
    { question_id: survey.q.when, value: '2026-03-14' },
    { question_id: survey.q.grid, value: { accueil: 'bien', attente: 'mal' } },
  ];
  const anonymous = await call(t, 'POST', 'participations', null, { survey_code: survey.code, client_uuid: newUuid(), answers, participant: { name: 'Jeanne' } });
  ids.anonymous = anonymous.body.data.id;
  const user = await createTestUser(t, { first_name: 'Claude' });
  customerId = user.id;
  customer = await signIn(t, user);
  const mine = await call(t, 'POST', 'participations', customer, { survey_code: survey.code, client_uuid: newUuid(), answers: [] });
  ids.customer = mine.body.data.id;
  const foreignSurvey = await createSurveyFixture(t, { companyId: stranger.company.id, questions: [{ key: 'a', type: 'short_text' }] });
  const foreign = await call(t, 'POST', 'participations', null, { survey_code: foreignSurvey.code, client_uuid: newUuid(), answers: [] });
  ids.foreign = foreign.body.data.id;
});
afterAll(() => t.close());

describe('GET participations', () => {
  it('lists the company’s participations with the query object and relations', async () => {
    const query = encodeQuery({
      filter_groups: [{ filters: [{ key: 'survey_id', operator: 'eq', value: survey.id }] }],
      includes: ['survey', 'participant', 'user', 'agent', 'answers'],
      sort: [{ key: 'id', direction: 'asc' }],
      with_total: true,
    });
    const res = await call(t, 'GET', `participations?${query}`, member.session);
    expect(res.status).toBe(200);
    expect(res.body.meta.total).toBe(2);
    const [first, second] = res.body.data;
    expect(first.id).toBe(ids.anonymous);
    expect(first.survey.title).toBe('Accueil en officine');
    expect(first.participant.name).toBe('Jeanne');
    expect(first.answers).toHaveLength(3);
    expect(second.user.first_name).toBe('Claude');
    expect(res.body.data.every((p: any) => p.payload_hash === undefined)).toBe(true);
  });

  it('never shows another company’s participations', async () => {
    const res = await call(t, 'GET', `participations?${encodeQuery({ limit: 100 })}`, stranger.session);
    expect(res.body.data.map((p: any) => p.id)).toEqual([ids.foreign]);
  });

  it('shows a customer only their own, also under participations/mine', async () => {
    const list = await call(t, 'GET', 'participations', customer);
    expect(list.body.data.map((p: any) => p.id)).toEqual([ids.customer]);
    const mine = await call(t, 'GET', 'participations/mine', customer);
    expect(mine.body.data.map((p: any) => p.id)).toEqual([ids.customer]);
    expect((await call(t, 'GET', `participations/${ids.customer}`, customer)).status).toBe(200);
    expect((await call(t, 'GET', `participations/${ids.anonymous}`, customer)).status).toBe(404);
  });

  it('401s anonymous callers', async () => {
    expect((await call(t, 'GET', 'participations')).status).toBe(401);
    expect((await call(t, 'GET', 'participations/mine')).status).toBe(401);
  });
});

describe('GET participations/{id}/results', () => {
  it('resolves every answer to its French labels, in question order', async () => {
    const res = await call(t, 'GET', `participations/${ids.anonymous}/results`, member.session);
    expect(res.status).toBe(200);
    expect(res.body.data.participation).toMatchObject({ id: ids.anonymous, survey: { title: 'Accueil en officine', code: survey.code } });
    expect(res.body.data.answers.map((a: any) => [a.label, a.display])).toEqual([
      ['Services utilisés', 'Ordonnance, Parapharmacie'],
      ['Date de visite', '14/03/2026'],
      ['Votre avis', 'Accueil : Bien ; Attente : Mal'],
      ['Commentaire', ''],
    ]);
    expect(res.body.data.answers[3]).toMatchObject({ answered: false, value: null });
  });
});

describe('check, uncheck, validate', () => {
  it('follows submitted -> checked -> validated, recording who and when', async () => {
    const s = owner.session;
    const checked = await call(t, 'POST', `participations/${ids.anonymous}/check`, s);
    expect(checked.status).toBe(200);
    expect(checked.body.data).toMatchObject({ status: 'checked', checked_by: owner.company.agent_id });
    expect(checked.body.data.checked_at).toEqual(expect.any(String));

    const unchecked = await call(t, 'POST', `participations/${ids.anonymous}/uncheck`, s);
    expect(unchecked.body.data).toMatchObject({ status: 'submitted', checked_by: null, checked_at: null });

    const early = await call(t, 'POST', `participations/${ids.anonymous}/validate`, s);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("Impossible de valider cette participation : elle est envoyée. Seule une participation contrôlée peut l'être.");
    const earlyEn = await callIn(t, 'en-US', 'POST', `participations/${ids.anonymous}/validate`, s);
    expect(earlyEn.body.message).toBe('Cannot validate this participation: it is sent. Only a checked participation can be.');

    await call(t, 'POST', `participations/${ids.anonymous}/check`, s);
    const validated = await call(t, 'POST', `participations/${ids.anonymous}/validate`, s);
    expect(validated.body.data).toMatchObject({ status: 'validated', validated_by: owner.company.agent_id });
    expect((await call(t, 'POST', `participations/${ids.anonymous}/uncheck`, s)).status).toBe(409);
    expect((await call(t, 'POST', `participations/${ids.anonymous}/check`, s)).status).toBe(409);
  });

  it('refuses an in_progress participation (409)', async () => {
    const partial = await call(t, 'POST', 'participations', null, { survey_code: survey.code, client_uuid: newUuid(), status: 'in_progress', answers: [] });
    const res = await call(t, 'POST', `participations/${partial.body.data.id}/check`, owner.session);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/en cours de saisie/);
  });

  it('needs the permission (403 for a plain member)', async () => {
    expect((await call(t, 'POST', `participations/${ids.customer}/check`, member.session)).status).toBe(403);
  });
});

describe('tenant isolation of {id} routes', () => {
  const routes: Array<['GET' | 'POST', string]> = [
    ['GET', ''],
    ['GET', '/results'],
    ['POST', '/check'],
    ['POST', '/uncheck'],
    ['POST', '/validate'],
  ];
  for (const [method, suffix] of routes) {
    it(`${method} participations/{id}${suffix}: 401 anonymous, 404 from another company`, async () => {
      expect((await call(t, method, `participations/${ids.anonymous}${suffix}`)).status).toBe(401);
      expect((await call(t, method, `participations/${ids.anonymous}${suffix}`, stranger.session)).status).toBe(404);
      expect((await call(t, method, `participations/abc${suffix}`, owner.session)).status).toBe(404);
    });
  }
});

describe('anonymous surveys', () => {
  it('hide who answered from the company', async () => {
    const s = await createSurveyFixture(t, { companyId: owner.company.id, settings: { anonymous: true }, questions: [{ key: 'a', type: 'short_text' }] });
    const res = await call(t, 'POST', 'participations', customer, { survey_code: s.code, client_uuid: newUuid(), answers: [] });
    const seen = await call(t, 'GET', `participations/${res.body.data.id}?${encodeQuery({ includes: ['user'] })}`, owner.session);
    expect(seen.body.data).toMatchObject({ user_id: null, user: null });
    const own = await call(t, 'GET', `participations/${res.body.data.id}`, customer);
    expect(own.body.data.user_id).toBe(customerId);
  });
});
