import { randomUUID } from 'node:crypto';
import { collectConditionQuestionIds, isDisplayCondition, resolveVisibleQuestions } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publish } from '../../modules/surveys/surveys/surveys.test-support';
import { call, createOwner } from '../../modules/tenancy/companies/tenancy.test-support';
import { openTestApp, type TestApp } from '../../test/test-app';
import { PLATFORM_TEMPLATES, seedPlatformTemplates } from './platform-templates';

/**
 * Walks every template of the platform's library (seeded on every installation): labels,
 * conditions, and a survey made from it answered to the end through POST participations.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createOwner>>;

interface DefQuestion {
  id: number;
  type: string;
  label: string;
  required: boolean;
  settings: Record<string, any>;
  condition: unknown;
  choices?: Array<{ id: number; label: string }>;
}

beforeAll(async () => {
  t = await openTestApp();
  owner = await createOwner(t, 'Premier Jour SARL');
  // Premium templates need the feature: this company is on the Entreprise package.
  await t.db.rows(sql`
    INSERT INTO subscriptions (company_id, package_id, status, starts_at, ends_at)
    SELECT ${owner.company.id}, id, 'active', now() - interval '1 day', now() + interval '30 days' FROM packages WHERE slug = 'entreprise'`);
});
afterAll(() => t.close());

/**
 * An answer that passes the question's rules, chosen on the "unhappy" side (no, lowest
 * note, last choice) so that the follow-up questions behind conditions show up too.
 */
function answerFor(q: DefQuestion): unknown {
  const s = q.settings ?? {};
  const last = q.choices?.[q.choices.length - 1]?.id;
  switch (q.type) {
    case 'short_text':
      return 'Agence Akwa';
    case 'long_text':
      return 'Le climatiseur était en panne et la file avançait lentement.';
    case 'number':
      return Math.min(s.max ?? 10, Math.max(s.min ?? 0, 5));
    case 'email':
      return 'client@exemple.cm';
    case 'phone':
      return '+237677123456';
    case 'date':
      return '2026-11-20';
    case 'time':
      return '09:30';
    case 'single_choice':
    case 'dropdown':
      return last;
    case 'multiple_choice':
      return [q.choices![0].id];
    case 'ranking':
      return q.choices!.map((c) => c.id);
    case 'yes_no':
      // Yes shows the follow-up of these two (pests seen, people injured); no shows the others'.
      return q.label.includes('nuisibles') || q.label.includes('blessés');
    case 'rating':
      return 1;
    case 'scale':
      return s.min ?? 0;
    case 'matrix':
      return Object.fromEntries((s.rows as Array<{ id: string }>).map((r) => [r.id, s.columns[s.columns.length - 1].id]));
    case 'geolocation':
      return { latitude: 4.0511, longitude: 9.7679, accuracy: 12 };
    default:
      return undefined; // media questions: optional everywhere in the library
  }
}

describe('the platform template library', () => {
  it('is seeded published on every installation, twelve templates at least, once', async () => {
    await seedPlatformTemplates(t.db);
    const rows = await t.db.rows<{ code: string; n: number; state: string; company_id: number | null; category_id: number | null }>(sql`
      SELECT code, count(*) OVER ()::int AS n, template_state AS state, company_id, category_id FROM surveys
      WHERE code IN (${sql.join(
        PLATFORM_TEMPLATES.map((x) => sql`${x.code}`),
        sql`, `,
      )})`);
    expect(PLATFORM_TEMPLATES.length).toBeGreaterThanOrEqual(12);
    expect(rows).toHaveLength(PLATFORM_TEMPLATES.length);
    for (const row of rows) expect(row).toMatchObject({ state: 'published', company_id: null, category_id: expect.any(Number) });
  });

  for (const seed of PLATFORM_TEMPLATES) {
    it(`${seed.title}: labels, conditions, and a survey answered to the end`, async () => {
      const [{ id: templateId }] = await t.db.rows<{ id: number }>(sql`SELECT id FROM surveys WHERE code = ${seed.code}`);
      // As a form when the template serves forms (anyone answers by code); else as its evaluation, of the owner.
      const type = seed.survey_types.includes('form') ? 'form' : seed.survey_types[0];
      const created = await call(t, 'POST', `surveys/${templateId}/createfromtemplate`, owner.session, { title: `${seed.title} – Premier Jour`, type });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const survey = created.body.data;
      await publish(t, owner.session, survey.id);

      const definition = await call(t, 'GET', `surveys/${survey.code}/participate`, null);
      expect(definition.status).toBe(200);
      const steps = definition.body.data.steps as Array<{ questions: DefQuestion[] }>;
      expect(steps.length).toBeGreaterThanOrEqual(2);
      const ordered = steps.flatMap((s) => s.questions);
      const earlier = new Set<number>();
      for (const q of ordered) {
        expect(q.label.trim().length, `question ${q.id}`).toBeGreaterThan(2);
        if (q.condition != null) {
          expect(isDisplayCondition(q.condition)).toBe(true);
          for (const ref of collectConditionQuestionIds(q.condition as never)) expect(earlier.has(ref), `${q.label} → ${ref}`).toBe(true);
        }
        earlier.add(q.id);
      }
      expect(ordered.some((q) => q.condition != null)).toBe(true);

      const answers = new Map<number, unknown>();
      for (const q of ordered) {
        const value = answerFor(q);
        if (value !== undefined) answers.set(q.id, value);
      }
      const visible = resolveVisibleQuestions(ordered, answers);
      expect(ordered.filter((q) => q.condition != null && visible.has(q.id)).length, 'a follow-up question shows').toBeGreaterThan(0);
      const payload = ordered.filter((q) => visible.has(q.id) && answers.has(q.id)).map((q) => ({ question_id: q.id, value: answers.get(q.id) }));
      const evaluation = type === 'evaluation';
      const res = await call(t, 'POST', 'participations', evaluation ? owner.session : null, {
        ...(evaluation ? { survey_id: survey.id, target: { kind: seed.target_kind ?? 'agent', id: owner.company.agent_id } } : { survey_code: survey.code }),
        client_uuid: randomUUID(),
        answers: payload,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.status).not.toBe('in_progress');
    });
  }
});
