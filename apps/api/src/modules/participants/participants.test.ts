import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../test/test-app';
import { call, createOwner } from '../companies/tenancy.test-support';
import { addMember, createSurveyFixture, newUuid } from '../participations/participations.test-support';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createOwner>>;
let stranger: Awaited<ReturnType<typeof createOwner>>;
let participantId: number;

beforeAll(async () => {
  t = await openTestApp();
  owner = await createOwner(t, 'Hôtel du Lac');
  stranger = await createOwner(t, 'Hôtel Rival');
  const s = await createSurveyFixture(t, { companyId: owner.company.id, questions: [{ key: 'a', type: 'short_text' }] });
  const res = await call(t, 'POST', 'participations', null, {
    survey_id: s.id,
    client_uuid: newUuid(),
    answers: [],
    participant: { name: 'Amina Bello', email: 'amina@exemple.cm' },
    ref: 'chambre-12',
  });
  participantId = res.body.data.participant_id;
});
afterAll(() => t.close());

describe('participants', () => {
  it('are listed for the company with their participations', async () => {
    const res = await call(t, 'GET', 'participants?includes[]=participations', owner.session);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ id: participantId, name: 'Amina Bello', email: 'amina@exemple.cm', ref: 'chambre-12' });
    expect(res.body.data[0].participations).toHaveLength(1);
    expect((await call(t, 'GET', 'participants', stranger.session)).body.data).toEqual([]);
  });

  it('GET participants/{id}: 401 anonymous, 404 from another company, 403 without the permission', async () => {
    expect((await call(t, 'GET', `participants/${participantId}`, owner.session)).body.data.name).toBe('Amina Bello');
    expect((await call(t, 'GET', `participants/${participantId}`)).status).toBe(401);
    expect((await call(t, 'GET', `participants/${participantId}`, stranger.session)).status).toBe(404);
    const member = await addMember(t, owner.company.id);
    expect((await call(t, 'GET', `participants/${participantId}`, member.session)).status).toBe(403);
  });
});
