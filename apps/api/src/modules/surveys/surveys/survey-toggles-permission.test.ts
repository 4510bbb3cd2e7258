import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, type Session } from '../../tenancy/companies/tenancy.test-support';
import { addMember, createSurveyFixture, type SurveyFixture } from '../../collection/participations/participations.test-support';

/** POST surveys/{id} must not switch active/availability for someone without those permissions. */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createOwner>>;
let editor: Session;
let survey: SurveyFixture;

beforeAll(async () => {
  t = await openTestApp();
  owner = await createOwner(t, 'Études Terrain');
  const member = await addMember(t, owner.company.id, 'Rédacteur');
  editor = member.session;
  const role = await call(t, 'POST', 'roles', owner.session, { name: 'Rédaction', permissions: ['surveys.update', 'surveys.show'] });
  expect(role.status).toBe(201);
  expect((await call(t, 'POST', `agents/${member.agent.id}/assignrole`, owner.session, { role_id: role.body.data.id })).status).toBe(200);
  survey = await createSurveyFixture(t, { companyId: owner.company.id, status: 'draft', questions: [{ key: 'a', type: 'short_text' }] });
});
afterAll(() => t.close());

describe('survey toggles through the update', () => {
  it('403s active or availability changes without surveys.active / surveys.changeavailability', async () => {
    expect((await call(t, 'POST', `surveys/${survey.id}`, editor, { active: false })).status).toBe(403);
    expect((await call(t, 'POST', `surveys/${survey.id}`, editor, { availability: 'unavailable' })).status).toBe(403);
    const row = await call(t, 'GET', `surveys/${survey.id}`, owner.session);
    expect(row.body.data).toMatchObject({ active: true, availability: 'available' });
  });

  it('still lets the editor update the rest, the unchanged toggles included', async () => {
    const res = await call(t, 'POST', `surveys/${survey.id}`, editor, { title: 'Nouveau titre', active: true, availability: 'available' });
    expect(res.status).toBe(200);
    expect(res.body.data.title).toBe('Nouveau titre');
  });

  it('lets a holder of the permissions change them', async () => {
    const res = await call(t, 'POST', `surveys/${survey.id}`, owner.session, { active: false, availability: 'unavailable' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ active: false, availability: 'unavailable' });
  });
});
