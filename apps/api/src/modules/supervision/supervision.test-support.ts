// Fixtures of the supervision suites (imported by *.test.ts only).
import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../test/test-app';
import { createSurveyFixture } from '../collection/participations/participations.test-support';
import { joinCompany } from '../messaging/messaging.test-support';
import { call, createOwner, type Session } from '../tenancy/companies/tenancy.test-support';

/** A company with a site, an evaluation survey (one rating), a supervisor and a monitor of the site. */
export async function buildSupervision(t: TestApp, name: string) {
  const owner = await createOwner(t, name, { first_name: 'Awa' });
  const supervisor = await joinCompany(t, owner.session, 'Paul');
  const site = (await call(t, 'POST', 'sites', owner.session, { name: `Agence ${name}` })).body.data as { id: number; name: string };
  const survey = await createSurveyFixture(t, {
    companyId: owner.company.id,
    authorAgentId: owner.company.agent_id,
    title: 'Visite de site',
    type: 'evaluation',
    questions: [{ key: 'note', type: 'rating' }],
  });
  const created = await call(t, 'POST', 'monitors', owner.session, {
    survey_id: survey.id,
    target_kind: 'site',
    target_id: site.id,
    agent_id: supervisor.agentId,
    frequency: 'weekly',
  });
  if (created.status !== 201) throw new Error(`monitor: ${created.status} ${JSON.stringify(created.body)}`);
  return { ...owner, supervisor, site, survey, monitor: created.body.data as { id: number } };
}

/** A submitted evaluation of `target` with the rating given. */
export async function evaluate(t: TestApp, session: Session, survey: { code: string; q: Record<string, number> }, target: { kind: string; id: number }, rating = 4) {
  const res = await call(t, 'POST', 'participations', session, {
    survey_code: survey.code,
    client_uuid: randomUUID(),
    status: 'submitted',
    answers: [{ question_id: survey.q.note, value: rating }],
    target,
  });
  if (res.status !== 201) throw new Error(`participation: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; score: number };
}
