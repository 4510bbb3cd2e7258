import { isMobilePhone, QUESTION_TYPES, validateAnswer } from '@app/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromAnswerColumns } from '../modules/collection/answers/answer-columns';
import { openDemoApp, signInDemo } from '../test/demo-app';
import type { TestApp } from '../test/test-app';
import { DEMO_ACCOUNTS } from './demo';
import { generateRespondent } from './demo-survey-answers';
import { seededRandom } from './demo-survey-people';
import { DEMO_SURVEY } from './demo-survey-structure';
import { DEMO_SURVEY_PARTICIPATIONS } from './demo-survey';

let t: TestApp;
let surveyId: number;

beforeAll(async () => {
  t = await openDemoApp();
  [{ id: surveyId }] = await t.db.rows<{ id: number }>(sql`SELECT id FROM surveys WHERE code = ${DEMO_SURVEY.code}`);
});
afterAll(() => t.close());

describe('demo satisfaction survey seed', () => {
  it('creates the published survey of Démo SARL once, with one question of each type', async () => {
    const rows = await t.db.rows<{ title: string; status: string; company: string; n: number }>(sql`
      SELECT s.title, s.status, c.name AS company, count(*) OVER ()::int AS n
      FROM surveys s JOIN companies c ON c.id = s.company_id WHERE s.code = ${DEMO_SURVEY.code}`);
    expect(rows).toEqual([{ title: 'Satisfaction client – Démo SARL', status: 'published', company: 'Démo SARL', n: 1 }]);
    const types = await t.db.rows<{ type: string }>(sql`SELECT type FROM questions WHERE survey_id = ${surveyId} ORDER BY type`);
    expect(types.map((r) => r.type)).toEqual([...QUESTION_TYPES].sort());
  });

  it('holds a few hundred participations over the last 60 days, in every review status', async () => {
    const [stats] = await t.db.rows<{ n: number; oldest: string; newest: string; people: number }>(sql`
      SELECT count(*)::int AS n, min(coalesce(submitted_at, started_at)) AS oldest, max(coalesce(submitted_at, started_at)) AS newest,
        count(DISTINCT participant_id)::int AS people
      FROM participations WHERE survey_id = ${surveyId}`);
    expect(stats.n).toBe(DEMO_SURVEY_PARTICIPATIONS);
    expect(stats.people).toBe(DEMO_SURVEY_PARTICIPATIONS);
    expect(Date.now() - new Date(stats.oldest).getTime()).toBeLessThanOrEqual(61 * 86_400_000);
    expect(new Date(stats.newest).getTime()).toBeLessThanOrEqual(Date.now());
    const statuses = await t.db.rows<{ status: string; n: number }>(sql`
      SELECT status, count(*)::int AS n FROM participations WHERE survey_id = ${surveyId} GROUP BY status`);
    const byStatus = Object.fromEntries(statuses.map((s) => [s.status, s.n]));
    for (const status of ['in_progress', 'submitted', 'checked', 'validated']) expect(byStatus[status], status).toBeGreaterThan(0);
    const [review] = await t.db.rows<{ bad: number }>(sql`
      SELECT count(*)::int AS bad FROM participations WHERE survey_id = ${surveyId} AND (
        (status IN ('checked', 'validated') AND (checked_by IS NULL OR checked_at < submitted_at))
        OR (status = 'validated' AND (validated_by IS NULL OR validated_at < checked_at))
        OR (status = 'in_progress' AND submitted_at IS NOT NULL))`);
    expect(review.bad).toBe(0);
  });

  it('stores only answers the question rules accept, and Cameroonian mobile numbers', async () => {
    const stored = await t.db.rows<Record<string, unknown> & { type: string; required: boolean; settings: Record<string, unknown>; question_id: number }>(sql`
      SELECT a.*, q.type, q.required, q.settings FROM answers a JOIN questions q ON q.id = a.question_id WHERE a.survey_id = ${surveyId}`);
    expect(stored.length).toBeGreaterThan(DEMO_SURVEY_PARTICIPATIONS * 8);
    const choiceRows = await t.db.rows<{ id: number; question_id: number }>(sql`
      SELECT c.id, c.question_id FROM choices c JOIN questions q ON q.id = c.question_id WHERE q.survey_id = ${surveyId}`);
    for (const row of stored) {
      const value = fromAnswerColumns(row.type, row as never);
      const question = { type: row.type, required: row.required, settings: row.settings, choices: choiceRows.filter((c) => c.question_id === row.question_id) };
      expect(validateAnswer(question, value), `${row.type} ${JSON.stringify(value)}`).toBeNull();
    }
    const phones = await t.db.rows<{ phone: string }>(sql`
      SELECT pt.phone FROM participants pt JOIN participations p ON p.participant_id = pt.id WHERE p.survey_id = ${surveyId} AND pt.phone IS NOT NULL`);
    expect(phones.length).toBeGreaterThan(DEMO_SURVEY_PARTICIPATIONS / 2);
    for (const { phone } of phones) expect(isMobilePhone(phone), phone).toBe(true);
  });

  it('draws the same respondents from the same seed', () => {
    const now = Date.UTC(2026, 3, 1, 12);
    const draw = () => {
      const random = seededRandom(7);
      return Array.from({ length: 20 }, () => generateRespondent(random, now));
    };
    expect(draw()).toEqual(draw());
  });

  it('exports from the owner account as a workbook', async () => {
    const { token, userId } = await signInDemo(t, DEMO_ACCOUNTS.agent.email, { device: 'demo-survey-test' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/surveys/${surveyId}/exportparticipations`,
      headers: { authorization: `Bearer ${token}`, userid: String(userId) },
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [sent] = await t.db.rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM participations WHERE survey_id = ${surveyId} AND status <> 'in_progress'`);
    expect(workbook.worksheets[0].actualRowCount).toBe(sent.n + 1);
    expect(workbook.worksheets[0].getRow(1).getCell(11).value).toBe('Agence visitée');
  });
});
