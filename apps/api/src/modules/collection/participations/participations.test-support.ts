import { randomBytes, randomUUID } from 'node:crypto';
import { choices, questions, steps, surveys } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';

/** Test fixtures: a published survey written straight into the tables. */

export interface QuestionSpec {
  key: string;
  type: string;
  label?: string;
  required?: boolean;
  settings?: Record<string, unknown>;
  /** Condition on earlier questions, with `question_key` in place of question_id. */
  condition?: unknown;
  choices?: Array<{ label: string; score?: number }>;
  step?: number;
}

export interface SurveyFixture {
  id: number;
  code: string;
  stepIds: number[];
  q: Record<string, number>;
  /** Choice ids by question key, in the order given. */
  c: Record<string, number[]>;
}

function resolveCondition(condition: unknown, ids: Record<string, number>): unknown {
  if (Array.isArray(condition)) return condition.map((c) => resolveCondition(c, ids));
  if (condition && typeof condition === 'object') {
    const entries = Object.entries(condition as Record<string, unknown>).map(([k, v]) =>
      k === 'question_key' ? ['question_id', ids[v as string]] : [k, resolveCondition(v, ids)],
    );
    return Object.fromEntries(entries);
  }
  return condition;
}

export async function createSurveyFixture(
  t: TestApp,
  options: {
    companyId: number;
    authorAgentId?: number | null;
    title?: string;
    type?: 'form' | 'evaluation' | 'contribution';
    targetKind?: 'agent' | 'group' | 'site' | 'workspace' | 'audience' | 'company' | null;
    status?: 'draft' | 'published' | 'closed';
    active?: boolean;
    availability?: 'available' | 'unavailable';
    opensAt?: Date | null;
    closesAt?: Date | null;
    settings?: Record<string, unknown>;
    steps?: number;
    questions: QuestionSpec[];
  },
): Promise<SurveyFixture> {
  const db = t.db.orm;
  const code = `T${randomBytes(4).toString('hex').toUpperCase()}`;
  const [survey] = await db
    .insert(surveys)
    .values({
      company_id: options.companyId,
      code,
      title: options.title ?? 'Satisfaction client',
      type: options.type ?? 'form',
      target_kind: options.targetKind ?? null,
      status: options.status ?? 'published',
      active: options.active ?? true,
      availability: options.availability ?? 'available',
      opens_at: options.opensAt ?? null,
      closes_at: options.closesAt ?? null,
      settings: options.settings ?? {},
      author_agent_id: options.authorAgentId ?? null,
      published_at: new Date(),
    })
    .returning({ id: surveys.id });
  const stepIds: number[] = [];
  for (let i = 0; i < (options.steps ?? 1); i++) {
    const [step] = await db
      .insert(steps)
      .values({ survey_id: survey.id, company_id: options.companyId, title: `Étape ${i + 1}`, position: i })
      .returning({ id: steps.id });
    stepIds.push(step.id);
  }
  const q: Record<string, number> = {};
  const c: Record<string, number[]> = {};
  for (const [position, spec] of options.questions.entries()) {
    const [row] = await db
      .insert(questions)
      .values({
        survey_id: survey.id,
        step_id: stepIds[spec.step ?? 0],
        company_id: options.companyId,
        label: spec.label ?? spec.key,
        type: spec.type,
        required: spec.required ?? false,
        position,
        settings: spec.settings ?? {},
        condition: spec.condition ? (resolveCondition(spec.condition, q) as Record<string, unknown>) : null,
      })
      .returning({ id: questions.id });
    q[spec.key] = row.id;
    c[spec.key] = [];
    for (const [i, choice] of (spec.choices ?? []).entries()) {
      const [created] = await db
        .insert(choices)
        .values({ question_id: row.id, company_id: options.companyId, label: choice.label, value: choice.label.toLowerCase(), position: i, score: choice.score ?? null })
        .returning({ id: choices.id });
      c[spec.key].push(created.id);
    }
  }
  return { id: survey.id, code, stepIds, q, c };
}

export const newUuid = () => randomUUID();

/** A user joining the company with its member role ("agent"), signed in as that agent. */
export async function addMember(t: TestApp, companyId: number, firstName = 'Membre') {
  const { addMembership } = await import('../../tenancy/agents/agents.repository');
  const { createTestUser, signIn } = await import('../../tenancy/companies/tenancy.test-support');
  const user = await createTestUser(t, { first_name: firstName, last_name: 'Agent' });
  const agent = await t.db.transaction((tx) => addMembership(tx, { companyId, userId: user.id }));
  const session = await signIn(t, user);
  session.agentId = agent.id;
  return { user, agent, session };
}
