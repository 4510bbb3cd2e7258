import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, callIn, createOwner } from '../../tenancy/companies/tenancy.test-support';
import { buildSurvey, createMember, publish } from './surveys.test-support';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Cycle SARL');
});
afterAll(() => t.close());

const oneQuestion = [[{ type: 'short_text', label: 'Votre avis ?' }]];
const post = (path: string, body?: Record<string, unknown>) => call(t, 'POST', path, a.session, body);

describe('survey state machine', () => {
  it('goes draft -> submitted -> published -> closed, stamping each step', async () => {
    const s = await buildSurvey(t, a.session, { steps: oneQuestion });
    const submitted = await post(`surveys/${s.id}/submit`);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({ status: 'submitted' });
    expect(submitted.body.data.submitted_at).toEqual(expect.any(String));
    const published = await post(`surveys/${s.id}/publish`);
    expect(published.body.data).toMatchObject({ status: 'published' });
    expect(published.body.data.published_at).toEqual(expect.any(String));
    const closed = await post(`surveys/${s.id}/close`);
    expect(closed.body.data).toMatchObject({ status: 'closed' });
    expect(closed.body.data.closed_at).toEqual(expect.any(String));
  });

  it('goes submitted -> rejected (with a comment) -> submitted again', async () => {
    const s = await buildSurvey(t, a.session, { steps: oneQuestion });
    await post(`surveys/${s.id}/submit`);
    const rejected = await post(`surveys/${s.id}/reject`, { comment: 'Reformulez la question 1' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', rejection_comment: 'Reformulez la question 1' });
    expect((await post(`surveys/${s.id}/submit`)).body.data.status).toBe('submitted');
    expect((await post(`surveys/${s.id}/publish`)).body.data).toMatchObject({ status: 'published', rejection_comment: null });
  });

  it('answers 409 with a French message for every transition outside the machine', async () => {
    const s = await buildSurvey(t, a.session, { steps: oneQuestion });
    const refused: Array<[string, string]> = [
      ['reject', 'brouillon'],
      ['close', 'brouillon'],
    ];
    for (const [action, label] of refused) {
      const res = await post(`surveys/${s.id}/${action}`);
      expect(res.status, action).toBe(409);
      expect(res.body.message).toContain(`il est ${label}`);
    }
    await post(`surveys/${s.id}/submit`);
    for (const action of ['submit', 'close']) {
      const res = await post(`surveys/${s.id}/${action}`);
      expect(res.status, action).toBe(409);
      expect(res.body.message).toContain('il est soumis');
    }
    await post(`surveys/${s.id}/publish`);
    for (const action of ['submit', 'publish', 'reject']) {
      expect((await post(`surveys/${s.id}/${action}`)).status, action).toBe(409);
    }
    await post(`surveys/${s.id}/close`);
    for (const action of ['submit', 'publish', 'reject', 'close']) {
      const res = await post(`surveys/${s.id}/${action}`);
      expect(res.status, action).toBe(409);
      expect(res.body.message).toContain('il est clôturé');
    }
    expect((await post('surveys/' + s.id + '/publish')).body.message).toBe(
      "Impossible de publier ce formulaire : il est clôturé. Seul un formulaire brouillon, rejeté ou soumis peut l'être.",
    );
  });

  it('refuses in the caller’s language: a transition, and a change to a locked structure', async () => {
    const s = await buildSurvey(t, a.session, { steps: oneQuestion });
    await post(`surveys/${s.id}/publish`);
    const again = await callIn(t, 'zh-CN', 'POST', `surveys/${s.id}/publish`, a.session);
    expect(again.body.message).toBe('无法发布此表单：其状态为已发布。只有草稿、已驳回或已提交的表单可以发布。');
    const step = await callIn(t, 'en', 'POST', 'steps', a.session, { survey_id: s.id, title: 'Later' });
    expect(step.status).toBe(409);
    expect(step.body).toMatchObject({
      code: 'survey_locked',
      message:
        'This form is published: its steps, questions and choices can no longer be changed. Only a draft or rejected form can be changed; duplicate it to prepare a new version.',
    });
  });

  it('publishes a draft or a rejected survey in one step when no approval is required', async () => {
    const s = await buildSurvey(t, a.session, { steps: oneQuestion });
    const published = await post(`surveys/${s.id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ status: 'published' });
    expect(published.body.data.submitted_at).toEqual(published.body.data.published_at);
    const r = await buildSurvey(t, a.session, { steps: oneQuestion });
    await post(`surveys/${r.id}/submit`);
    await post(`surveys/${r.id}/reject`, { comment: 'À revoir' });
    expect((await post(`surveys/${r.id}/publish`)).body.data).toMatchObject({ status: 'published', rejection_comment: null });
    const empty = await buildSurvey(t, a.session, { steps: [[]] });
    const refused = await post(`surveys/${empty.id}/publish`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.questions[0]).toContain('au moins une question');
    expect((await call(t, 'GET', `surveys/${empty.id}`, a.session)).body.data.status).toBe('draft');
    expect((await call(t, 'POST', `surveys/${s.id}/publish`, null)).status).toBe(401);
    const member = await createMember(t, a.company.id);
    expect((await call(t, 'POST', `surveys/${empty.id}/publish`, member)).status).toBe(403);
    const other = await createOwner(t, 'Autre Cycle');
    expect((await call(t, 'POST', `surveys/${empty.id}/publish`, other.session)).status).toBe(404);
  });

  it('needs an active question to be submitted (422)', async () => {
    const empty = await buildSurvey(t, a.session, { steps: [[]] });
    const res = await post(`surveys/${empty.id}/submit`);
    expect(res.status).toBe(422);
    expect(res.body.errors.questions[0]).toContain('au moins une question');
    const s = await buildSurvey(t, a.session, { steps: oneQuestion });
    await post(`questions/${s.questionIds[0][0]}/changestate`, { state: 'inactive' });
    expect((await post(`surveys/${s.id}/submit`)).status).toBe(422);
  });

  it('refuses to submit a survey whose closing date has passed (422)', async () => {
    const s = await buildSurvey(t, a.session, { steps: oneQuestion, body: { closes_at: '2020-01-01T00:00:00Z' } });
    const res = await post(`surveys/${s.id}/submit`);
    expect(res.status).toBe(422);
    expect(res.body.errors.closes_at).toBeDefined();
  });

  it('toggles active and availability without changing the status', async () => {
    const s = await buildSurvey(t, a.session, { steps: oneQuestion });
    await publish(t, a.session, s.id);
    const off = await post(`surveys/${s.id}/active`);
    expect(off.body.data).toMatchObject({ active: false, status: 'published' });
    expect((await post(`surveys/${s.id}/active`, { active: true })).body.data.active).toBe(true);
    expect((await post(`surveys/${s.id}/active`, { active: true })).body.data.active).toBe(true);
    const unavailable = await post(`surveys/${s.id}/changeavailability`);
    expect(unavailable.body.data).toMatchObject({ availability: 'unavailable', status: 'published' });
    const back = await post(`surveys/${s.id}/changeavailability`, { availability: 'available' });
    expect(back.body.data.availability).toBe('available');
    expect((await post(`surveys/${s.id}/changeavailability`, { availability: 'maybe' })).status).toBe(422);
  });

  it('lets only holders of the action permission run it (403 for a plain member)', async () => {
    const member = await createMember(t, a.company.id);
    const s = await buildSurvey(t, a.session, { steps: oneQuestion });
    for (const action of ['submit', 'publish', 'reject', 'close', 'active', 'changeavailability']) {
      expect((await call(t, 'POST', `surveys/${s.id}/${action}`, member)).status, action).toBe(403);
    }
    expect((await call(t, 'GET', `surveys/${s.id}`, member)).status).toBe(200);
  });
});

describe('publication through an approval', () => {
  it('creates a survey_publication approval on submit; approving it publishes', async () => {
    const policy = await post('surveys/policy', { publication_requires_approval: true });
    expect(policy.body.data).toEqual({ publication_requires_approval: true });
    expect((await call(t, 'GET', 'surveys/policy', a.session)).body.data.publication_requires_approval).toBe(true);

    const s = await buildSurvey(t, a.session, { title: 'Soumis à approbation', steps: oneQuestion });
    expect((await post(`surveys/${s.id}/submit`)).body.data.status).toBe('submitted');
    const list = await call(t, 'GET', 'approvals', a.session);
    const approval = list.body.data.find((x: any) => x.approvalable_type === 'survey_publication' && x.approvalable_id === s.id);
    expect(approval).toMatchObject({ status: 'pending', approvalable: { type: 'survey_publication', id: s.id, code: s.code, title: 'Soumis à approbation' } });

    const direct = await post(`surveys/${s.id}/publish`);
    expect(direct.status).toBe(409);
    expect(direct.body.message).toContain("demande d'approbation");
    // A draft cannot skip the approval by publishing in one step.
    const draft = await buildSurvey(t, a.session, { steps: oneQuestion });
    const skip = await post(`surveys/${draft.id}/publish`);
    expect(skip.status).toBe(409);
    expect(skip.body.code).toBe('approval_required');
    expect(skip.body.message).toContain('soumettez-le');
    expect((await call(t, 'GET', `surveys/${draft.id}`, a.session)).body.data.status).toBe('draft');
    expect((await post(`surveys/${s.id}/reject`)).status).toBe(409);

    const decided = await post('approvals/validate', { id: approval.id, action: 'approve' });
    expect(decided.status).toBe(200);
    expect(decided.body.data.status).toBe('approved');
    expect((await call(t, 'GET', `surveys/${s.id}`, a.session)).body.data.status).toBe('published');
  });

  it('rejecting the approval rejects the survey with the comment; resubmitting asks again', async () => {
    const s = await buildSurvey(t, a.session, { steps: oneQuestion });
    await post(`surveys/${s.id}/submit`);
    const pending = async () =>
      (await call(t, 'GET', 'approvals?limit=100', a.session)).body.data.filter(
        (x: any) => x.approvalable_id === s.id && x.approvalable_type === 'survey_publication' && x.status === 'pending',
      );
    const [approval] = await pending();
    await post('approvals/validate', { id: approval.id, action: 'reject', comment: 'Trop long' });
    const survey = (await call(t, 'GET', `surveys/${s.id}`, a.session)).body.data;
    expect(survey).toMatchObject({ status: 'rejected', rejection_comment: 'Trop long' });
    await post(`surveys/${s.id}/submit`);
    expect(await pending()).toHaveLength(1);
  });

  it('publishes directly again once the company stops requiring approval', async () => {
    await post('surveys/policy', { publication_requires_approval: false });
    const s = await buildSurvey(t, a.session, { steps: oneQuestion });
    await publish(t, a.session, s.id);
    expect((await call(t, 'GET', `surveys/${s.id}`, a.session)).body.data.status).toBe('published');
  });

  it('lets only company managers change the policy (403 for a member)', async () => {
    const member = await createMember(t, a.company.id);
    expect((await call(t, 'GET', 'surveys/policy', member)).status).toBe(200);
    expect((await call(t, 'POST', 'surveys/policy', member, { publication_requires_approval: true })).status).toBe(403);
    expect((await call(t, 'POST', 'surveys/policy', null, { publication_requires_approval: true })).status).toBe(401);
  });
});
