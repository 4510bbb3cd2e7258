import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participants, participations } from '../../../db/schema';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner } from '../../tenancy/companies/tenancy.test-support';
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
    survey_code: s.code,
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

describe('participants and anonymous surveys', () => {
  let anonymousSurveyId: number;
  let secretId: number;
  let linkedParticipationId: number;
  const list = (query: string) => call(t, 'GET', `participants?${query}`, owner.session);

  beforeAll(async () => {
    const s = await createSurveyFixture(t, { companyId: owner.company.id, settings: { anonymous: true }, questions: [{ key: 'climat', type: 'short_text' }] });
    anonymousSurveyId = s.id;
    const answer = (participant: Record<string, string>) =>
      call(t, 'POST', 'participations', null, { survey_code: s.code, client_uuid: newUuid(), answers: [], participant });
    secretId = (await answer({ name: 'Bertrand Secret', phone: '+237690000001' })).body.data.participant_id;
    // Amina, known through the named survey, also answered the anonymous one.
    const linked = (await answer({ name: 'Amina (anonyme)' })).body.data;
    linkedParticipationId = linked.id;
    await t.db.orm.update(participations).set({ participant_id: participantId }).where(eq(participations.id, linkedParticipationId));
    await t.db.orm.delete(participants).where(eq(participants.id, linked.participant_id));
  });

  it('are not listed, nor found by id or search, when known only through anonymous surveys', async () => {
    const res = await list('includes[]=participations');
    expect(res.body.data.map((p: { name: string }) => p.name)).toEqual(['Amina Bello']);
    expect((await call(t, 'GET', `participants/${secretId}`, owner.session)).status).toBe(404);
    expect((await list('input=Secret')).body.data).toEqual([]);
    expect((await list('input=Amina')).body.data).toHaveLength(1);
    expect((await list('filter_groups[0][filters][0][key]=phone&filter_groups[0][filters][0][value]=%2B237690000001')).body.data).toEqual([]);
  });

  it('show only the participations of surveys that are not anonymous, in includes, ids, load and wherehas', async () => {
    const embedded = (await list('includes[]=participations')).body.data[0].participations.map((p: { id: number }) => p.id);
    expect(embedded).toHaveLength(1);
    expect(embedded).not.toContain(linkedParticipationId);
    expect((await list('includes[]=participations:ids')).body.data[0].participations_ids).toEqual(embedded);
    expect((await list('load[0][relationship]=participations')).body.data[0].participations.map((p: { id: number }) => p.id)).toEqual(embedded);
    const bySurvey = `wherehas[0][relationship]=participations&wherehas[0][key]=survey_id&wherehas[0][value]=${anonymousSurveyId}`;
    expect((await list(bySurvey)).body.data).toEqual([]);
    expect((await list(`${bySurvey}&wherehas[0][load]=1`)).body.data).toEqual([]);
    expect((await list('wherehas[0][relationship]=participations&wherehas[0][operator]=gte&wherehas[0][value]=2')).body.data).toEqual([]);
    const detail = await call(t, 'GET', `participants/${participantId}?includes[]=participations`, owner.session);
    expect(detail.body.data.participations.map((p: { id: number }) => p.id)).toEqual(embedded);
  });

  it('stay masked on the anonymous survey’s participations', async () => {
    const res = await call(t, 'GET', `participations/${linkedParticipationId}?includes[]=participant&includes[]=answers.participation.participant`, owner.session);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ participant_id: null, participant: null });
  });

  it('find a participant’s participations through an index on participant_id (migration 0006)', async () => {
    const rows = await t.db.rows<{ indexdef: string }>(
      sql`SELECT indexdef FROM pg_indexes WHERE tablename = 'participations' AND indexname = 'participations_participant_idx'`,
    );
    expect(rows).toEqual([{ indexdef: expect.stringMatching(/\(participant_id\)$/) }]);
  });
});
