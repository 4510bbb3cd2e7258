import type { TestApp } from '../../../test/test-app';
import { addMembership } from '../../tenancy/agents/agents.repository';
import { call, createTestUser, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';

/** Test helpers of the survey modules: members, and surveys built through the API. */

/** A member of the company holding only the default `agent` role (read-only on surveys). */
export async function createMember(t: TestApp, companyId: number): Promise<Session> {
  const user = await createTestUser(t, { first_name: 'Membre' });
  const agent = await t.db.transaction((tx) => addMembership(tx, { companyId, userId: user.id }));
  const session = await signIn(t, user);
  session.agentId = agent.id;
  return session;
}

/** A platform admin's session (no company: platform templates and default questions). */
export async function createAdminSession(t: TestApp): Promise<Session> {
  return signIn(t, await createTestUser(t, { type: 'admin', first_name: 'Admin' }));
}

export interface QuestionSpec {
  type: string;
  label?: string;
  required?: boolean;
  settings?: Record<string, unknown>;
  condition?: Record<string, unknown>;
  choices?: Array<{ label: string; value?: string; score?: number }>;
}

export interface BuiltSurvey {
  id: number;
  code: string;
  stepIds: number[];
  /** Question ids per step, in order. */
  questionIds: number[][];
}

async function expectStatus(res: { status: number; body: any }, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Creates a survey with steps and questions through the API (as `session`). */
export async function buildSurvey(
  t: TestApp,
  session: Session,
  spec: { title?: string; body?: Record<string, unknown>; steps: QuestionSpec[][] },
): Promise<BuiltSurvey> {
  const survey = await expectStatus(
    await call(t, 'POST', spec.body?.is_template ? 'templates' : 'surveys', session, { title: spec.title ?? 'Enquête test', ...spec.body }),
    201,
    'create survey',
  );
  const built: BuiltSurvey = { id: survey.id, code: survey.code, stepIds: [], questionIds: [] };
  for (const [index, questions] of spec.steps.entries()) {
    const step = await expectStatus(await call(t, 'POST', 'steps', session, { survey_id: survey.id, title: `Étape ${index + 1}` }), 201, 'create step');
    built.stepIds.push(step.id);
    const ids: number[] = [];
    for (const [qi, q] of questions.entries()) {
      const created = await expectStatus(
        await call(t, 'POST', 'questions', session, { step_id: step.id, label: q.label ?? `Question ${index + 1}.${qi + 1}`, ...q }),
        201,
        'create question',
      );
      ids.push(created.id);
    }
    built.questionIds.push(ids);
  }
  return built;
}

/** Submits and publishes a survey (owner session, no approval required). */
export async function publish(t: TestApp, session: Session, surveyId: number): Promise<void> {
  await expectStatus(await call(t, 'POST', `surveys/${surveyId}/submit`, session), 200, 'submit');
  await expectStatus(await call(t, 'POST', `surveys/${surveyId}/publish`, session), 200, 'publish');
}
