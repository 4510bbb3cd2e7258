import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participations } from '../../../db/schema';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner } from '../../tenancy/companies/tenancy.test-support';
import { createSurveyFixture, newUuid, type SurveyFixture } from './participations.test-support';

// "N°" is a participation's number in its company: a new company's first answer is N° 1,
// whatever the platform holds (migration 0022).
let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let aSurvey: SurveyFixture;
let aOther: SurveyFixture;
let bSurvey: SurveyFixture;

beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Numéros A');
  b = await createOwner(t, 'Numéros B');
  const questions = [{ key: 'note', type: 'rating', required: true }];
  aSurvey = await createSurveyFixture(t, { companyId: a.company.id, questions });
  aOther = await createSurveyFixture(t, { companyId: a.company.id, questions });
  bSurvey = await createSurveyFixture(t, { companyId: b.company.id, questions });
});
afterAll(() => t.close());

const submit = (survey: SurveyFixture, client_uuid = newUuid()) =>
  call(t, 'POST', 'participations', null, { survey_code: survey.code, client_uuid, status: 'submitted', answers: [{ question_id: survey.q.note, value: 4 }] });

describe('participation numbers', () => {
  it('numbers each company’s participations 1, 2, 3… across its surveys, apart from other companies', async () => {
    const first = await submit(aSurvey);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const numbers = [first.body.data.number];
    numbers.push((await submit(aOther)).body.data.number, (await submit(aSurvey)).body.data.number);
    expect(numbers).toEqual([1, 2, 3]);
    // Company B answered after A's three: still its N° 1 (the platform's ids went on).
    const fromB = await submit(bSurvey);
    expect(fromB.body.data.id).toBeGreaterThan(first.body.data.id);
    expect(fromB.body.data.number).toBe(1);
  });

  it('keeps the number of a retried submission (same key) and gives the next one the following number', async () => {
    const key = newUuid();
    const sent = await submit(aSurvey, key);
    const again = await submit(aSurvey, key);
    expect(again.body.data.id).toBe(sent.body.data.id);
    expect(again.body.data.number).toBe(sent.body.data.number);
    expect((await submit(aSurvey)).body.data.number).toBe(sent.body.data.number + 1);
  });

  it('numbers a row whoever inserts it, and the lists and detail show it', async () => {
    const [row] = await t.db.orm
      .insert(participations)
      .values({ survey_id: bSurvey.id, company_id: b.company.id, client_uuid: newUuid(), status: 'submitted', submitted_at: new Date() })
      .returning();
    expect(row.number).toBe(2);
    const list = await call(t, 'GET', `participations?filter_groups[0][filters][0][key]=survey_id&filter_groups[0][filters][0][value]=${bSurvey.id}`, b.session);
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: { number: number }) => p.number).sort()).toEqual([1, 2]);
    const byNumber = await call(t, 'GET', 'participations?filter_groups[0][filters][0][key]=number&filter_groups[0][filters][0][value]=2', b.session);
    expect(byNumber.body.data.map((p: { id: number }) => p.id)).toEqual([row.id]);
    const one = await call(t, 'GET', `participations/${row.id}`, b.session);
    expect(one.body.data.number).toBe(2);
    const unique = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM participations WHERE company_id = ${a.company.id} AND number IS NULL`);
    expect(unique[0]!.n).toBe(0);
    const stored = await t.db.orm.select({ number: participations.number }).from(participations).where(eq(participations.company_id, a.company.id));
    expect(new Set(stored.map((s) => s.number)).size).toBe(stored.length);
  });

  it('also numbers each survey’s participations 1, 2, 3…, apart from the company’s number', async () => {
    const c = await createOwner(t, 'Numéros C');
    const questions = [{ key: 'note', type: 'rating', required: true }];
    const first = await createSurveyFixture(t, { companyId: c.company.id, questions });
    const second = await createSurveyFixture(t, { companyId: c.company.id, questions });
    const sent = [await submit(first), await submit(second), await submit(first), await submit(second), await submit(first)];
    expect(sent.map((r) => r.body.data.number)).toEqual([1, 2, 3, 4, 5]);
    expect(sent.map((r) => r.body.data.survey_number)).toEqual([1, 1, 2, 2, 3]);
    const list = await call(t, 'GET', `participations?filter_groups[0][filters][0][key]=survey_id&filter_groups[0][filters][0][value]=${second.id}&sort[0][key]=survey_number`, c.session);
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: { survey_number: number; number: number }) => [p.survey_number, p.number])).toEqual([
      [1, 2],
      [2, 4],
    ]);
    // A retried submission keeps both numbers.
    const key = newUuid();
    const once = await submit(second, key);
    const again = await submit(second, key);
    expect([again.body.data.number, again.body.data.survey_number]).toEqual([once.body.data.number, once.body.data.survey_number]);
    expect(once.body.data.survey_number).toBe(3);
  });
});
