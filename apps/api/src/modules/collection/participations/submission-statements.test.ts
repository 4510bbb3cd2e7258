import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner } from '../../tenancy/companies/tenancy.test-support';
import { createSurveyFixture, newUuid, type SurveyFixture } from './participations.test-support';

// What a submission costs in statements (a count, not a timing: PERFORMANCE.md), and
// that the structure kept between submissions is never an outdated one, whoever
// changes it (here by hand-written SQL, as another process or a migration would).

let t: TestApp;
let survey: SurveyFixture;
let heard: string[] | null = null;

beforeAll(async () => {
  // Background loops far apart, so that only the request's statements are heard.
  const quiet = { WEBHOOK_POLL_MS: '3600000', BROADCAST_POLL_MS: '3600000', NOTIFICATION_DIGEST_INTERVAL_S: '3600', PAYMENT_SWEEP_INTERVAL_S: '3600' };
  t = await openTestApp(quiet, undefined, (text) => heard?.push(text));
  const owner = await createOwner(t, 'Boulangerie du Port', { first_name: 'Awa' });
  survey = await createSurveyFixture(t, {
    companyId: owner.company.id,
    questions: [
      { key: 'service', type: 'single_choice', required: true, choices: [{ label: 'Bon' }, { label: 'Mauvais' }] },
      { key: 'nps', type: 'scale' },
      { key: 'comment', type: 'long_text' },
    ],
  });
});
afterAll(() => t.close());

const submit = (answers: Array<{ question_id: number; value: unknown }>) =>
  call(t, 'POST', 'participations', null, { survey_code: survey.code, client_uuid: newUuid(), answers, participant: { name: 'Awa Bello' } });

/** The statements a call sends, BEGIN and COMMIT left out. */
async function statementsOf<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  heard = [];
  try {
    const result = await fn();
    return { result, statements: heard.filter((s) => !/^\s*(begin|commit|rollback)\b/i.test(s)) };
  } finally {
    heard = null;
  }
}

/** The table each statement writes or reads (outside its subqueries), to tell what a count is made of. */
function tablesOf(statements: string[]): string[] {
  return statements.map((text) => {
    let outer = text;
    while (/\([^()]*\)/.test(outer)) outer = outer.replace(/\([^()]*\)/g, '');
    return /(?:insert into|from)\s+"?(\w+)"?/i.exec(outer)?.[1] ?? text.slice(0, 40);
  });
}

const notInSurvey = ['Cette question ne fait pas partie du formulaire.'];

describe('POST participations, statements', () => {
  it('runs four statements for an anonymous submit once the survey structure is known', async () => {
    const answers = [
      { question_id: survey.q.service, value: survey.c.service[0] },
      { question_id: survey.q.nps, value: 8 },
      { question_id: survey.q.comment, value: 'Très bien' },
    ];
    expect((await submit(answers)).status).toBe(201);
    const { result, statements } = await statementsOf(() => submit(answers));
    expect(result.status).toBe(201);
    // The survey (with its structure version, the key's participation and whether a
    // webhook listens), the participant with the participation (one statement: five
    // before issue 18's sixth session), the answers (one insert), the timeline line. The
    // response is built from what the inserts returned.
    expect(tablesOf(statements)).toEqual(['surveys', 'pt', 'answers', 'activities']);
    const { outcome, ...view } = result.body.data;
    expect(outcome).toBe('created');
    expect(view.answers).toEqual([
      { question_id: survey.q.service, contribution_id: null, value: survey.c.service[0] },
      { question_id: survey.q.nps, contribution_id: null, value: 8 },
      { question_id: survey.q.comment, contribution_id: null, value: 'Très bien' },
    ]);
    // The same view as one read back from the database.
    const read = await call(t, 'GET', `participations/key/${view.client_uuid}`, null);
    expect(read.body.data).toEqual(view);
  });

  it('sees a question made required by hand-written SQL at the very next submit', async () => {
    const onlyService = [{ question_id: survey.q.service, value: survey.c.service[0] }];
    expect((await submit(onlyService)).status).toBe(201);
    await t.db.rows(sql`UPDATE questions SET required = true WHERE id = ${survey.q.nps}`);
    const refused = await submit(onlyService);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual([`answers.${survey.q.nps}`]);
    await t.db.rows(sql`UPDATE questions SET required = false WHERE id = ${survey.q.nps}`);
    expect((await submit(onlyService)).status).toBe(201);
  });

  it('sees a choice added, a question switched off and a step removed at the very next submit', async () => {
    const answers = [
      { question_id: survey.q.service, value: survey.c.service[0] },
      { question_id: survey.q.nps, value: 3 },
    ];
    expect((await submit(answers)).status).toBe(201);
    const [added] = await t.db.rows<{ id: number }>(
      sql`INSERT INTO choices (question_id, label, value, position) VALUES (${survey.q.service}, 'Moyen', 'moyen', 5) RETURNING id`,
    );
    expect((await submit([{ question_id: survey.q.service, value: added.id }])).status).toBe(201);
    await t.db.rows(sql`UPDATE questions SET state = 'inactive' WHERE id = ${survey.q.nps}`);
    const refused = await submit(answers);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ [`answers.${survey.q.nps}`]: notInSurvey });
    expect((await submit([answers[0]])).status).toBe(201);
    await t.db.rows(sql`DELETE FROM steps WHERE id = ${survey.stepIds[0]}`);
    const emptied = await submit([answers[0]]);
    expect(emptied.status).toBe(422);
    expect(emptied.body.errors).toEqual({ [`answers.${survey.q.service}`]: notInSurvey });
  });
});

describe('GET surveys/{code}/participate, statements', () => {
  // A survey of its own: the submissions above removed a step of theirs.
  let shown: SurveyFixture;
  beforeAll(async () => {
    const [{ company_id }] = await t.db.rows<{ company_id: number }>(sql`SELECT company_id FROM surveys WHERE id = ${survey.id}`);
    shown = await createSurveyFixture(t, {
      companyId: company_id,
      questions: [
        { key: 'service', type: 'single_choice', required: true, choices: [{ label: 'Bon' }, { label: 'Mauvais' }] },
        { key: 'comment', type: 'long_text' },
      ],
    });
  });
  const participate = () => call(t, 'GET', `surveys/${shown.code}/participate`, null);
  const labelsOf = (body: any) => body.data.steps.flatMap((step: any) => step.questions.map((q: any) => q.label));

  it('reads the survey, its company and its structure version in one statement once the structure is known', async () => {
    const first = await participate();
    expect(first.status).toBe(200);
    const { result, statements } = await statementsOf(participate);
    expect(result.status).toBe(200);
    expect(tablesOf(statements)).toEqual(['surveys']);
    expect(result.body).toEqual(first.body);
    expect(result.body.data.company.name).toBe('Boulangerie du Port');
  });

  it('shows a structure changed by hand-written SQL at the very next request', async () => {
    expect((await participate()).status).toBe(200);
    await t.db.rows(sql`UPDATE questions SET label = 'Le service, franchement ?' WHERE id = ${shown.q.service}`);
    expect(labelsOf((await participate()).body)).toContain('Le service, franchement ?');
    await t.db.rows(sql`UPDATE choices SET label = 'Excellent' WHERE id = ${shown.c.service[0]}`);
    const choicesShown = (await participate()).body.data.steps[0].questions[0].choices.map((c: any) => c.label);
    expect(choicesShown).toContain('Excellent');
    await t.db.rows(sql`UPDATE questions SET state = 'inactive' WHERE id = ${shown.q.comment}`);
    expect((await participate()).body.data.steps.flatMap((step: any) => step.questions.map((q: any) => q.id))).not.toContain(shown.q.comment);
    await t.db.rows(sql`UPDATE questions SET state = 'active' WHERE id = ${shown.q.comment}`);
    expect((await participate()).body.data.steps.flatMap((step: any) => step.questions.map((q: any) => q.id))).toContain(shown.q.comment);
  });

  it('reads a structure changed since it was kept once, however many phones ask for it at the same moment', async () => {
    expect((await participate()).status).toBe(200);
    await t.db.rows(sql`UPDATE questions SET label = 'Votre avis' WHERE id = ${shown.q.comment}`);
    const { result, statements } = await statementsOf(() => Promise.all([participate(), participate(), participate()]));
    expect(result.map((res) => res.status)).toEqual([200, 200, 200]);
    for (const res of result) expect(labelsOf(res.body)).toContain('Votre avis');
    // Each request reads its survey; the structure (steps, questions, choices, then the
    // version again) is read once for the three.
    expect(tablesOf(statements).sort()).toEqual(['choices', 'questions', 'steps', 'survey_structure_versions', 'surveys', 'surveys', 'surveys']);
  });

  it('still refuses a survey closed since its structure was kept (the survey row is read every time)', async () => {
    expect((await participate()).status).toBe(200);
    await t.db.rows(sql`UPDATE surveys SET active = false WHERE id = ${shown.id}`);
    const refused = await participate();
    expect(refused.status).toBe(409);
    await t.db.rows(sql`UPDATE surveys SET active = true WHERE id = ${shown.id}`);
    expect((await participate()).status).toBe(200);
  });
});
