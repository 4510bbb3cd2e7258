import { EN_ANSWER_MESSAGES } from '@app/contracts/i18n/answer-messages-en';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, participants, participations } from '../../../db/schema';
import type { RoomEvent } from '../../../events/event-bus';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';
import { createSurveyFixture, newUuid, type SurveyFixture } from './participations.test-support';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createOwner>>;
let survey: SurveyFixture;
const events: RoomEvent[] = [];

beforeAll(async () => {
  t = await openTestApp();
  t.app.events.subscribe((e) => events.push(e));
  owner = await createOwner(t, 'Boulangerie du Port', { first_name: 'Awa' });
  survey = await createSurveyFixture(t, {
    companyId: owner.company.id,
    authorAgentId: owner.company.agent_id,
    questions: [
      { key: 'visit', type: 'yes_no', required: true, settings: { yes_score: 1, no_score: 0 } },
      { key: 'why', type: 'long_text', required: true, condition: { all: [{ question_key: 'visit', operator: 'eq', value: false }] } },
      { key: 'service', type: 'single_choice', required: true, choices: [{ label: 'Bon', score: 10 }, { label: 'Mauvais', score: 0 }] },
      { key: 'email', type: 'email' },
      { key: 'nps', type: 'scale' },
      { key: 'stars', type: 'rating' },
    ],
  });
});
afterAll(() => t.close());

const submit = (payload: Record<string, unknown>, session?: Session | null) => call(t, 'POST', 'participations', session, payload);

function fullAnswers(s: SurveyFixture = survey) {
  return [
    { question_id: s.q.visit, value: 'oui' },
    { question_id: s.q.service, value: String(s.c.service[0]) },
    { question_id: s.q.email, value: ' Client@Exemple.CM ' },
    { question_id: s.q.nps, value: 9 },
    { question_id: s.q.stars, value: 4 },
  ];
}

async function countByUuid(uuid: string) {
  const rows = await t.db.rows<{ n: string | number }>(sql`SELECT count(*) AS n FROM participations WHERE client_uuid = ${uuid}`);
  return Number(rows[0].n);
}

describe('POST participations, anonymous on a public survey', () => {
  it('stores a submitted participation with canonical answers, a participant and a score', async () => {
    const uuid = newUuid();
    const res = await submit({
      survey_code: survey.code.toLowerCase(),
      client_uuid: uuid,
      answers: fullAnswers(),
      participant: { name: 'Mme Ngo', phone: '+237 690 11 22 33' },
      ref: 'affiche-entree',
      src: 'qrcode',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Votre réponse a été enregistrée.');
    const p = res.body.data;
    expect(p).toMatchObject({ status: 'submitted', user_id: null, outcome: 'created', ref: 'affiche-entree', src: 'qrcode', score: 15 });
    expect(p.submitted_at).toEqual(expect.any(String));
    const byQuestion = Object.fromEntries(p.answers.map((a: any) => [a.question_id, a.value]));
    expect(byQuestion).toEqual({
      [survey.q.visit]: true,
      [survey.q.service]: survey.c.service[0],
      [survey.q.email]: 'client@exemple.cm',
      [survey.q.nps]: 9,
      [survey.q.stars]: 4,
    });
    const [participant] = await t.db.orm.select().from(participants).where(eq(participants.id, p.participant_id));
    expect(participant).toMatchObject({ name: 'Mme Ngo', phone: '690112233', company_id: owner.company.id });
    expect(p).not.toHaveProperty('payload_hash');
  });

  it('tells the survey author live (contribution.created to agents.{author})', async () => {
    events.length = 0;
    const res = await submit({ survey_code: survey.code, client_uuid: newUuid(), answers: fullAnswers(), participant: { name: 'Paul Biya Junior' } });
    expect(res.status).toBe(201);
    await new Promise((r) => setTimeout(r, 10));
    const event = events.find((e) => e.name === 'contribution.created');
    expect(event?.room).toBe(`agents.${owner.company.agent_id}`);
    expect(event?.data).toEqual({
      participation: { id: res.body.data.id, survey_id: survey.id, agent_id: owner.company.agent_id },
      agent: { name: 'Paul Biya Junior' },
      survey: { title: 'Satisfaction client' },
    });
  });

  it("names an unsigned answer to the author in the author's language, live and in the notification", async () => {
    await t.db.rows(sql`UPDATE users SET locale = 'en' WHERE id = ${owner.user.id}`);
    try {
      events.length = 0;
      const res = await submit({ survey_code: survey.code, client_uuid: newUuid(), answers: fullAnswers() });
      expect(res.status).toBe(201);
      await new Promise((r) => setTimeout(r, 10));
      expect(events.find((e) => e.name === 'contribution.created')?.data).toMatchObject({ agent: { name: 'An anonymous participant' } });
      const [notice] = await t.db.rows<{ title: string }>(sql`
        SELECT title FROM notifications WHERE user_id = ${owner.user.id} AND kind = 'contribution' AND (data->>'id')::int = ${res.body.data.id}`);
      expect(notice.title).toBe('An anonymous participant contributed to the form Satisfaction client');
    } finally {
      await t.db.rows(sql`UPDATE users SET locale = 'fr' WHERE id = ${owner.user.id}`);
    }
  });

  it('reports every invalid answer under answers.<question_id> in French (422)', async () => {
    const res = await submit({
      survey_code: survey.code,
      client_uuid: newUuid(),
      answers: [
        { question_id: survey.q.visit, value: 'peut-être' },
        { question_id: survey.q.email, value: 'pas-un-email' },
        { question_id: survey.q.stars, value: 9 },
        { question_id: 999_999, value: 'x' },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      [`answers.${survey.q.visit}`]: ['Répondez par oui ou par non.'],
      [`answers.${survey.q.email}`]: ['Saisissez une adresse e-mail valide.'],
      [`answers.${survey.q.stars}`]: ['Choisissez une note entre 1 et 5.'],
      [`answers.${survey.q.service}`]: ['Cette question est obligatoire.'],
      'answers.999999': ['Cette question ne fait pas partie du formulaire.'],
    });
  });

  it('ignores answers to questions hidden by their condition, and requires them when shown', async () => {
    const hidden = await submit({
      survey_code: survey.code,
      client_uuid: newUuid(),
      answers: [...fullAnswers(), { question_id: survey.q.why, value: 'ne devrait pas rester' }],
    });
    expect(hidden.status).toBe(201);
    expect(hidden.body.data.answers.map((a: any) => a.question_id)).not.toContain(survey.q.why);

    const shown = fullAnswers().map((a) => (a.question_id === survey.q.visit ? { ...a, value: false } : a));
    const missing = await submit({ survey_code: survey.code, client_uuid: newUuid(), answers: shown });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ [`answers.${survey.q.why}`]: ['Cette question est obligatoire.'] });
  });

  it('404s an unknown survey code', async () => {
    const res = await submit({ survey_code: 'NOPE0000', client_uuid: newUuid(), answers: [] });
    expect(res.status).toBe(404);
  });
});

describe('naming the survey: its public code, its id for its company’s agents only', () => {
  const rowsOf = async (surveyId: number) =>
    Number((await t.db.rows<{ n: string | number }>(sql`SELECT count(*) AS n FROM participations WHERE survey_id = ${surveyId}`))[0].n);

  it('answers an id from anyone else like an unknown code, before any other answer, and stores nothing', async () => {
    const unknown = await submit({ survey_code: 'NOPE0000', client_uuid: newUuid(), answers: [] });
    expect(unknown.status).toBe(404);
    const rival = await createOwner(t, 'Boulangerie Rivale');
    const customer = await signIn(t, await createTestUser(t));
    const closed = await createSurveyFixture(t, { companyId: owner.company.id, status: 'closed', questions: [{ key: 'a', type: 'short_text' }] });
    const signInOnly = await createSurveyFixture(t, { companyId: owner.company.id, settings: { sign_in_required: true }, questions: [{ key: 'a', type: 'short_text' }] });
    // By code, this key would be a 409 (already submitted) and these answers a 422.
    const used = newUuid();
    expect((await submit({ survey_code: survey.code, client_uuid: used, answers: fullAnswers() })).status).toBe(201);
    const bodies = [
      { client_uuid: newUuid(), answers: fullAnswers() },
      { client_uuid: used, answers: [] },
      { client_uuid: newUuid(), answers: [{ question_id: survey.q.nps, value: 'beaucoup' }] },
    ];
    const before = await rowsOf(survey.id);
    for (const id of [survey.id, closed.id, signInOnly.id, 99_999_999]) {
      for (const session of [null, customer, rival.session]) {
        for (const body of bodies) {
          const res = await submit({ survey_id: id, ...body }, session);
          expect(res.status, `survey ${id}`).toBe(404);
          expect(res.body).toEqual(unknown.body);
        }
      }
    }
    expect(await rowsOf(survey.id)).toBe(before);
  });

  it('takes the id from the company’s agents, and an id sent with the code must name the same survey', async () => {
    const byId = await submit({ survey_id: survey.id, client_uuid: newUuid(), answers: fullAnswers() }, owner.session);
    expect(byId.status).toBe(201);
    expect(byId.body.data).toMatchObject({ survey_id: survey.id, agent_id: owner.company.agent_id });
    const other = await createSurveyFixture(t, { companyId: owner.company.id, questions: [{ key: 'a', type: 'short_text' }] });
    for (const session of [null, owner.session]) {
      const mismatch = await submit({ survey_code: survey.code, survey_id: other.id, client_uuid: newUuid(), answers: fullAnswers() }, session);
      expect(mismatch.status).toBe(404);
    }
    const both = await submit({ survey_code: survey.code, survey_id: survey.id, client_uuid: newUuid(), answers: fullAnswers() });
    expect(both.status).toBe(201);
  });

  it('replays by code what a try by id stored: the fingerprint does not depend on how the survey is named', async () => {
    const uuid = newUuid();
    const first = await submit({ survey_id: survey.id, client_uuid: uuid, answers: fullAnswers() }, owner.session);
    expect(first.status).toBe(201);
    const again = await submit({ survey_code: survey.code.toLowerCase(), client_uuid: uuid, answers: fullAnswers() }, owner.session);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: first.body.data.id, outcome: 'replayed' });
  });
});

describe('idempotency by client_uuid', () => {
  it('returns the same participation for the same key and payload, without a second row', async () => {
    const uuid = newUuid();
    const payload = { survey_code: survey.code, client_uuid: uuid, answers: fullAnswers() };
    const first = await submit(payload);
    const again = await submit({ ...payload, answers: [...payload.answers].reverse() });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.body.data.outcome).toBe('replayed');
    expect(await countByUuid(uuid)).toBe(1);
    const stored = await t.db.orm.select().from(answers).where(eq(answers.participation_id, first.body.data.id));
    expect(stored).toHaveLength(5);
  });

  it('refuses another payload under a submitted key (409)', async () => {
    const uuid = newUuid();
    await submit({ survey_code: survey.code, client_uuid: uuid, answers: fullAnswers() });
    const other = fullAnswers().map((a) => (a.question_id === survey.q.stars ? { ...a, value: 1 } : a));
    const res = await submit({ survey_code: survey.code, client_uuid: uuid, answers: other });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/déjà envoyée/);
  });

  it('stores one participation for 5 concurrent identical retries', async () => {
    const uuid = newUuid();
    const payload = { survey_code: survey.code, client_uuid: uuid, answers: fullAnswers(), participant: { name: 'Réseau instable' } };
    const results = await Promise.all(Array.from({ length: 5 }, () => submit(payload)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect(await countByUuid(uuid)).toBe(1);
    const id = results[0].body.data.id;
    const stored = await t.db.orm.select().from(answers).where(eq(answers.participation_id, id));
    expect(stored).toHaveLength(5);
    const people = await t.db.rows<{ n: string | number }>(sql`SELECT count(*) AS n FROM participants WHERE name = 'Réseau instable'`);
    expect(Number(people[0].n)).toBe(1);
  });

  it('refuses a key used on another survey or by another account (409)', async () => {
    const uuid = newUuid();
    await submit({ survey_code: survey.code, client_uuid: uuid, answers: fullAnswers() });
    const user = await signIn(t, await createTestUser(t));
    const res = await submit({ survey_code: survey.code, client_uuid: uuid, answers: fullAnswers() }, user);
    expect(res.status).toBe(409);
    expect(res.body.code ?? res.body.message).toBeTruthy();
  });
});

describe('partial save and resume', () => {
  it('keeps updating an in_progress participation until it is submitted', async () => {
    const uuid = newUuid();
    const partial = await submit({ survey_code: survey.code, client_uuid: uuid, status: 'in_progress', answers: [{ question_id: survey.q.visit, value: true }] });
    expect(partial.status).toBe(201);
    expect(partial.body.data).toMatchObject({ status: 'in_progress', submitted_at: null });

    const resumed = await call(t, 'GET', `participations/key/${uuid}`);
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.answers).toEqual([{ question_id: survey.q.visit, contribution_id: null, value: true }]);

    const more = await submit({
      survey_code: survey.code,
      client_uuid: uuid,
      status: 'in_progress',
      answers: [{ question_id: survey.q.visit, value: true }, { question_id: survey.q.stars, value: 2 }],
    });
    expect(more.status).toBe(200);
    expect(more.body.data.outcome).toBe('updated');
    expect(more.body.data.answers).toHaveLength(2);

    const incomplete = await submit({ survey_code: survey.code, client_uuid: uuid, answers: [{ question_id: survey.q.visit, value: true }] });
    expect(incomplete.status).toBe(422);

    const done = await submit({ survey_code: survey.code, client_uuid: uuid, answers: fullAnswers() });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ id: partial.body.data.id, status: 'submitted', outcome: 'updated' });
    expect(done.body.data.answers).toHaveLength(5);
    expect(await countByUuid(uuid)).toBe(1);
  });

  it('does not hand a signed-in respondent’s participation to someone else holding the key', async () => {
    const session = await signIn(t, await createTestUser(t));
    const uuid = newUuid();
    await submit({ survey_code: survey.code, client_uuid: uuid, status: 'in_progress', answers: [] }, session);
    expect((await call(t, 'GET', `participations/key/${uuid}`)).status).toBe(404);
    expect((await call(t, 'GET', `participations/key/${uuid}`, session)).status).toBe(200);
  });
});

describe('which surveys accept participations', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['a draft', { status: 'draft' }, "Ce formulaire n'est pas publié."],
    ['a closed survey', { status: 'closed' }, 'Ce formulaire est clôturé : il ne reçoit plus de réponses.'],
    ['an inactive survey', { active: false }, 'Ce formulaire est désactivé pour le moment.'],
    ['an unavailable survey', { availability: 'unavailable' }, "Ce formulaire n'est pas disponible pour le moment."],
    ['a survey not open yet', { opensAt: new Date(Date.now() + 86_400_000) }, "Ce formulaire n'est pas encore ouvert aux réponses."],
    ['an expired survey', { closesAt: new Date(Date.now() - 1000) }, 'La période de réponse à ce formulaire est terminée.'],
  ];
  for (const [name, options, message] of cases) {
    it(`refuses ${name} (409, French message)`, async () => {
      const s = await createSurveyFixture(t, { companyId: owner.company.id, ...options, questions: [{ key: 'a', type: 'short_text' }] });
      const res = await submit({ survey_code: s.code, client_uuid: newUuid(), answers: [{ question_id: s.q.a, value: 'x' }] });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(message);
    });
  }

  it('requires a session when the survey says so (401), then records the user', async () => {
    const s = await createSurveyFixture(t, { companyId: owner.company.id, settings: { sign_in_required: true }, questions: [{ key: 'a', type: 'short_text' }] });
    const anonymous = await submit({ survey_code: s.code, client_uuid: newUuid(), answers: [] });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('Connectez-vous pour répondre à ce formulaire.');
    const user = await createTestUser(t);
    const res = await submit({ survey_code: s.code, client_uuid: newUuid(), answers: [{ question_id: s.q.a, value: 'ok' }] }, await signIn(t, user));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ user_id: user.id, agent_id: null, participant_id: null });
  });

  it('says why in the caller’s language (Accept-Language: en)', async () => {
    const inEnglish = async (payload: Record<string, unknown>) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v2/participations', headers: { 'accept-language': 'en' }, payload });
      return { status: res.statusCode, body: res.json() };
    };
    const closed = await createSurveyFixture(t, { companyId: owner.company.id, status: 'closed', questions: [{ key: 'a', type: 'short_text' }] });
    const refused = await inEnglish({ survey_code: closed.code, client_uuid: newUuid(), answers: [] });
    expect(refused).toMatchObject({ status: 409, body: { code: 'survey_closed', message: 'This form is closed: it no longer accepts answers.' } });
    const signInOnly = await createSurveyFixture(t, { companyId: owner.company.id, settings: { sign_in_required: true }, questions: [{ key: 'a', type: 'short_text' }] });
    const anonymous = await inEnglish({ survey_code: signInOnly.code, client_uuid: newUuid(), answers: [] });
    expect(anonymous).toMatchObject({ status: 401, body: { code: 'sign_in_required', message: 'Sign in to answer this form.' } });
    const invalid = await inEnglish({ survey_code: survey.code, client_uuid: newUuid(), answers: [{ question_id: 999_999, value: 'x' }], participant: { email: 'nope' } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.message).toBe('Some answers are not valid.');
    expect(invalid.body.errors).toMatchObject({
      'answers.999999': ['This question is not part of the form.'],
      [`answers.${survey.q.service}`]: [EN_ANSWER_MESSAGES.required],
      'participant.email': ['The e-mail address is not valid.'],
    });
    const saved = await inEnglish({ survey_code: survey.code, client_uuid: newUuid(), answers: fullAnswers() });
    expect(saved).toMatchObject({ status: 201, body: { message: 'Your answer was saved.' } });
  });

  it('records the agent when a member answers their company’s survey', async () => {
    const s = await createSurveyFixture(t, { companyId: owner.company.id, questions: [{ key: 'a', type: 'short_text' }] });
    const res = await submit({ survey_id: s.id, client_uuid: newUuid(), answers: [] }, owner.session);
    expect(res.body.data).toMatchObject({ user_id: owner.user.id, agent_id: owner.company.agent_id });
  });

  it('allows one participation per person when the survey says so (409 on a second)', async () => {
    const s = await createSurveyFixture(t, { companyId: owner.company.id, settings: { one_per_person: true }, questions: [{ key: 'a', type: 'short_text' }] });
    const session = await signIn(t, await createTestUser(t));
    expect((await submit({ survey_code: s.code, client_uuid: newUuid(), answers: [] }, session)).status).toBe(201);
    const second = await submit({ survey_code: s.code, client_uuid: newUuid(), answers: [] }, session);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('Vous avez déjà répondu à ce formulaire.');
    const contact = { participant: { email: 'une.fois@exemple.cm' } };
    expect((await submit({ survey_code: s.code, client_uuid: newUuid(), answers: [], ...contact })).status).toBe(201);
    expect((await submit({ survey_code: s.code, client_uuid: newUuid(), answers: [], participant: { email: 'UNE.FOIS@exemple.cm' } })).status).toBe(409);
  });

  it('requires a position on submit when the survey says so (422), not on a partial save', async () => {
    const s = await createSurveyFixture(t, { companyId: owner.company.id, settings: { geolocation_required: true }, questions: [{ key: 'a', type: 'short_text' }] });
    const partial = await submit({ survey_code: s.code, client_uuid: newUuid(), status: 'in_progress', answers: [] });
    expect(partial.status).toBe(201);
    const res = await submit({ survey_code: s.code, client_uuid: newUuid(), answers: [] });
    expect(res.status).toBe(422);
    expect(res.body.errors.geolocation).toEqual(['La position est obligatoire pour répondre à ce formulaire.']);
    const located = await submit({ survey_code: s.code, client_uuid: newUuid(), answers: [], geolocation: { latitude: 4.05, longitude: 9.7, accuracy: 12 } });
    expect(located.status).toBe(201);
    expect(located.body.data).toMatchObject({ latitude: 4.05, longitude: 9.7, accuracy_m: 12 });
  });

  it('stops at the quota of submitted participations (409)', async () => {
    const s = await createSurveyFixture(t, { companyId: owner.company.id, settings: { quota: 1 }, questions: [{ key: 'a', type: 'short_text' }] });
    expect((await submit({ survey_code: s.code, client_uuid: newUuid(), answers: [] })).status).toBe(201);
    const res = await submit({ survey_code: s.code, client_uuid: newUuid(), answers: [] });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Ce formulaire a atteint le nombre maximal de réponses.');
  });

  it('requires an existing target of the right kind for an evaluation', async () => {
    const s = await createSurveyFixture(t, { companyId: owner.company.id, type: 'evaluation', targetKind: 'agent', questions: [{ key: 'a', type: 'rating' }] });
    const none = await submit({ survey_code: s.code, client_uuid: newUuid(), answers: [] });
    expect(none.body.errors.target).toEqual(['Indiquez ce qui est évalué.']);
    const wrongKind = await submit({ survey_code: s.code, client_uuid: newUuid(), answers: [], target: { kind: 'group', id: 1 } });
    expect(wrongKind.body.errors.target).toEqual(['Ce formulaire n’évalue pas ce type de cible.']);
    const stranger = await createOwner(t, 'Autre Boutique');
    const foreign = await submit({ survey_code: s.code, client_uuid: newUuid(), answers: [], target: { kind: 'agent', id: stranger.company.agent_id } });
    expect(foreign.body.errors.target).toEqual(['La cible évaluée est introuvable.']);
    const ok = await submit({ survey_code: s.code, client_uuid: newUuid(), answers: [{ question_id: s.q.a, value: 5 }], target: { kind: 'agent', id: owner.company.agent_id } });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ target_kind: 'agent', target_id: owner.company.agent_id, score: 5 });
    const [row] = await t.db.orm.select().from(participations).where(eq(participations.id, ok.body.data.id));
    expect(row.company_id).toBe(owner.company.id);
  });
});
