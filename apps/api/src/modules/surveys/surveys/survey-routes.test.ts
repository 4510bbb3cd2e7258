import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner } from '../../tenancy/companies/tenancy.test-support';
import { buildSurvey } from './surveys.test-support';

/**
 * Every `{id}` route of the survey structure modules, called anonymously (401) and by
 * the owner of company A on company B's records (404: another company's record does
 * not exist), whatever the state of the record.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
type Route = [method: 'GET' | 'POST' | 'DELETE', path: string, body?: Record<string, unknown>];
let routes: Route[] = [];
let b: Awaited<ReturnType<typeof createOwner>>;
let bSurvey: Awaited<ReturnType<typeof buildSurvey>>;

beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Alpha Routes');
  b = await createOwner(t, 'Beta Routes');
  const survey = await buildSurvey(t, b.session, {
    steps: [[{ type: 'single_choice', label: 'Choix', choices: [{ label: 'Un' }, { label: 'Deux' }] }]],
  });
  bSurvey = survey;
  const question = survey.questionIds[0][0];
  const step = survey.stepIds[0];
  const choices = (await call(t, 'GET', `questions/${question}?includes[]=choices`, b.session)).body.data.choices.map((c: any) => c.id);
  const template = (await call(t, 'POST', 'templates', b.session, { title: 'Modèle de B' })).body.data.id;
  routes = [
    ['GET', `surveys/${survey.id}`],
    ['POST', `surveys/${survey.id}`, { title: 'Volé' }],
    ['DELETE', `surveys/${survey.id}`],
    ['POST', `surveys/${survey.id}/duplicate`],
    ['POST', `surveys/${survey.id}/submit`],
    ['POST', `surveys/${survey.id}/publish`],
    ['POST', `surveys/${survey.id}/reject`],
    ['POST', `surveys/${survey.id}/close`],
    ['POST', `surveys/${survey.id}/active`],
    ['POST', `surveys/${survey.id}/changeavailability`],
    ['POST', `surveys/${survey.id}/copy`],
    ['POST', `surveys/${template}/createfromtemplate`],
    ['POST', `surveys/${survey.id}/reorder`, { step_ids: [step] }],
    ['GET', `surveys/${survey.id}/link`],
    ['GET', `surveys/${survey.id}/qrcode.png`],
    ['GET', `surveys/${survey.id}/qrcode.svg`],
    ['GET', `steps/${step}`],
    ['POST', `steps/${step}`, { title: 'Volé' }],
    ['DELETE', `steps/${step}`],
    ['POST', `steps/${step}/duplicate`],
    ['POST', `steps/${step}/changestate`],
    ['POST', `steps/${step}/reorder`, { question_ids: [question] }],
    ['GET', `questions/${question}`],
    ['POST', `questions/${question}`, { label: 'Volé' }],
    ['DELETE', `questions/${question}`],
    ['POST', `questions/${question}/duplicate`],
    ['POST', `questions/${question}/changestate`],
    ['POST', `questions/${question}/reorder`, { choice_ids: choices }],
    ['GET', `choices/${choices[0]}`],
    ['POST', `choices/${choices[0]}`, { label: 'Volé' }],
    ['DELETE', `choices/${choices[0]}`],
    ['GET', `templates/${template}`],
    ['POST', `templates/${template}`, { title: 'Volé' }],
    ['DELETE', `templates/${template}`],
    ['POST', `templates/${template}/changestate`],
  ];
});
afterAll(() => t.close());

describe('tenancy of every {id} route of surveys, steps, questions, choices and templates', () => {
  it('answers 401 to anonymous callers', async () => {
    for (const [method, path, body] of routes) {
      expect((await call(t, method, path, null, body)).status, `${method} ${path}`).toBe(401);
    }
  });

  it('answers 404 to another company, and leaves the records untouched', async () => {
    for (const [method, path, body] of routes) {
      expect((await call(t, method, path, a.session, body)).status, `${method} ${path}`).toBe(404);
    }
    const after = await call(t, 'GET', `surveys/${bSurvey.id}?includes[]=questions`, b.session);
    expect(after.body.data).toMatchObject({ title: 'Enquête test', status: 'draft', active: true, availability: 'available' });
    expect(after.body.data.questions.map((q: any) => [q.label, q.state])).toEqual([['Choix', 'active']]);
  });

  it('answers 404 to malformed ids', async () => {
    const malformed: Route[] = [
      ['GET', 'surveys/abc'],
      ['GET', 'steps/0'],
      ['GET', 'questions/-1'],
      ['GET', 'choices/1.5'],
      ['GET', 'templates/1e3'],
      ['POST', 'surveys/abc/submit'],
      ['GET', 'surveys/007/qrcode.png'],
    ];
    for (const [method, path] of malformed) {
      expect((await call(t, method, path, a.session)).status, path).toBe(404);
    }
  });
});
