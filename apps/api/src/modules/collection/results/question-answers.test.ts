import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, callIn, createOwner, createTestUser, signIn } from '../../tenancy/companies/tenancy.test-support';
import { uploadPhoto } from '../exports/exports.test-support';
import { addMember, createSurveyFixture, newUuid, type SurveyFixture } from '../participations/participations.test-support';

let t: TestApp;
let dataDir: string;
let owner: Awaited<ReturnType<typeof createOwner>>;
let stranger: Awaited<ReturnType<typeof createOwner>>;
let named: SurveyFixture;
let anonymous: SurveyFixture;
const photos: number[] = [];

const questions = [
  { key: 'note', type: 'short_text' as const },
  { key: 'hour', type: 'time' as const },
  { key: 'photo', type: 'photo' as const },
];

async function answer(survey: SurveyFixture, name: string, note: string, withPhoto = false) {
  const key = newUuid();
  const answers: Array<{ question_id: number; value: unknown }> = [
    { question_id: survey.q.note, value: note },
    { question_id: survey.q.hour, value: '09:30' },
  ];
  if (withPhoto) {
    const media = await uploadPhoto(t, dataDir, owner.company.id, key);
    photos.push(media);
    answers.push({ question_id: survey.q.photo, value: media });
  }
  const res = await call(t, 'POST', 'participations', null, { survey_code: survey.code, client_uuid: key, participant: { name }, answers });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'question-answers-'));
  t = await openTestApp({ DATA_DIR: dataDir });
  owner = await createOwner(t, 'Pharmacie du Littoral');
  stranger = await createOwner(t, 'Autre Pharmacie');
  named = await createSurveyFixture(t, { companyId: owner.company.id, questions });
  anonymous = await createSurveyFixture(t, { companyId: owner.company.id, settings: { anonymous: true }, questions });
  for (let i = 1; i <= 12; i++) await answer(named, `Client ${i}`, `Remarque n° ${i}`, i > 10);
  await answer(named, 'Client 13', 'Remise de 100% promise');
  await answer(anonymous, 'Awa Secrète', 'Personnel peu aimable', true);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const answersOf = (survey: SurveyFixture, key: string, query = '', session = owner.session) =>
  call(t, 'GET', `surveys/${survey.id}/results/questions/${survey.q[key]}/answers${query}`, session);

describe('GET surveys/{id}/results/questions/{questionId}/answers', () => {
  it('lists the latest text answers first, ten a page, with the respondent and the total', async () => {
    const first = await answersOf(named, 'note');
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(10);
    expect(first.body.data[0]).toMatchObject({ respondent: 'Client 13', display: 'Remise de 100% promise', media: null });
    expect(first.body.data[0].submitted_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(first.body.meta).toMatchObject({ page: 1, limit: 10, total: 13, has_more: true });
    const last = await answersOf(named, 'note', '?page=2');
    expect(last.body.data.map((a: { display: string }) => a.display)).toEqual(['Remarque n° 3', 'Remarque n° 2', 'Remarque n° 1']);
    expect(last.body.meta).toMatchObject({ page: 2, has_more: false });
    const hours = await answersOf(named, 'hour', '?limit=20');
    expect(hours.body.data).toHaveLength(13);
    expect(hours.body.data[0].display).toBe('09:30');
  });

  it('searches the answers, typed wildcards matching themselves', async () => {
    const found = await answersOf(named, 'note', `?search=${encodeURIComponent('n° 1')}`);
    expect(found.body.data.map((a: { display: string }) => a.display)).toEqual(['Remarque n° 12', 'Remarque n° 11', 'Remarque n° 10', 'Remarque n° 1']);
    const percent = await answersOf(named, 'note', `?search=${encodeURIComponent('100%')}`);
    expect(percent.body.meta.total).toBe(1);
    expect((await answersOf(named, 'note', `?search=${encodeURIComponent('%')}`)).body.meta.total).toBe(1);
  });

  it('gives photo answers with their media, for the gallery', async () => {
    const res = await answersOf(named, 'photo');
    expect(res.body.meta.total).toBe(2);
    expect(res.body.data[0]).toMatchObject({ display: 'comptoir.png', media: { kind: 'image', mime: 'image/png', original_name: 'comptoir.png' } });
    expect(res.body.data.map((a: { media: { id: number } }) => a.media.id).sort()).toEqual(photos.slice(0, 2).sort());
  });

  it('never names the respondent of an anonymous survey', async () => {
    const res = await answersOf(anonymous, 'note');
    expect(res.body.data).toEqual([expect.objectContaining({ display: 'Personnel peu aimable', respondent: null })]);
    expect(JSON.stringify((await answersOf(anonymous, 'photo')).body)).not.toContain('Awa');
    expect((await answersOf(anonymous, 'note', '?search=Awa')).body.meta.total).toBe(0);
  });

  it('answers 401 signed out, 404 elsewhere or for another survey’s question, 403 without the permission, 422 on bad paging', async () => {
    expect((await answersOf(named, 'note', '', null as never)).status).toBe(401);
    expect((await answersOf(named, 'note', '', stranger.session)).status).toBe(404);
    const foreign = await call(t, 'GET', `surveys/${named.id}/results/questions/${anonymous.q.note}/answers`, owner.session);
    expect(foreign.status).toBe(404);
    expect((await call(t, 'GET', `surveys/${named.id}/results/questions/2147483648/answers`, owner.session)).status).toBe(404);
    const member = await addMember(t, owner.company.id);
    expect((await answersOf(named, 'note', '', member.session)).status).toBe(200);
    const customer = await signIn(t, await createTestUser(t));
    expect((await answersOf(named, 'note', '', customer)).status).toBe(403);
    const bad = await answersOf(named, 'note', `?page=0&limit=7&search=${'x'.repeat(101)}`);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['limit', 'page', 'search']);
    expect(bad.body.errors.limit[0]).toContain('par page');
    const badEn = await callIn(t, 'en', 'GET', `surveys/${named.id}/results/questions/${named.q.note}/answers?page=0&limit=7&search=${'x'.repeat(101)}`, owner.session);
    expect(badEn.body.errors).toEqual({
      page: ['The page is a whole number from 1.'],
      limit: ['Answers per page: 10, 20, 50.'],
      search: ['The search has 100 characters at most.'],
    });
    const badZh = await callIn(t, 'zh-CN', 'GET', `surveys/${named.id}/results/questions/${named.q.note}/answers?limit=7`, owner.session);
    expect(badZh.body.errors).toEqual({ limit: ['每页回答数：10, 20, 50。'] });
  });
});
