import { and, eq, isNull, sql } from 'drizzle-orm';
import { toAnswerColumns } from '../modules/collection/answers/answer-columns';
import { checkAnswers, payloadHash, scoreOf } from '../modules/collection/participations/submission.rules';
import { loadSurveyDefinition, type SurveyDefinition } from '../modules/collection/participations/survey-definition.repository';
import type { Database } from '../db/client';
import { agents, answers, choices, companies, participants, participations, questions, steps, surveys, users } from '../db/schema';
import { type DemoRespondent, generateRespondent } from './demo-survey-answers';
import { seededRandom } from './demo-survey-people';
import { DEMO_STEPS, DEMO_SURVEY, type DemoQuestion } from './demo-survey-structure';

/** Respondents of the demo survey; the same ones on every installation (seeded PRNG). */
export const DEMO_SURVEY_PARTICIPATIONS = 320;
const SEED = 20_260_401;
const CHUNK = 500;

type Ids = { questions: Map<string, number>; choices: Map<string, Map<string, number>> };

async function createStructure(tx: Database, companyId: number, authorAgentId: number | null, now: number): Promise<{ surveyId: number; ids: Ids }> {
  const [survey] = await tx.orm
    .insert(surveys)
    .values({
      company_id: companyId,
      ...DEMO_SURVEY,
      status: 'published',
      settings: {},
      author_agent_id: authorAgentId,
      submitted_at: new Date(now - 62 * 86_400_000),
      published_at: new Date(now - 61 * 86_400_000),
    })
    .returning({ id: surveys.id });
  const ids: Ids = { questions: new Map(), choices: new Map() };
  const conditionOf = (q: DemoQuestion) =>
    q.showIf ? { all: [{ question_id: ids.questions.get(q.showIf.key)!, operator: q.showIf.operator, value: q.showIf.value }] } : null;
  for (const [position, step] of DEMO_STEPS.entries()) {
    const [stepRow] = await tx.orm
      .insert(steps)
      .values({ survey_id: survey.id, company_id: companyId, title: step.title, description: step.description, position })
      .returning({ id: steps.id });
    for (const [qPosition, q] of step.questions.entries()) {
      const [row] = await tx.orm
        .insert(questions)
        .values({
          survey_id: survey.id,
          step_id: stepRow.id,
          company_id: companyId,
          label: q.label,
          help: q.help ?? null,
          type: q.type,
          required: q.required ?? false,
          position: qPosition,
          settings: q.settings ?? {},
          condition: conditionOf(q),
        })
        .returning({ id: questions.id });
      ids.questions.set(q.key, row.id);
      if (!q.choices) continue;
      const created = await tx.orm
        .insert(choices)
        .values(q.choices.map(([label, score], i) => ({ question_id: row.id, company_id: companyId, label, value: label.toLowerCase(), position: i, score: score ?? null })))
        .returning({ id: choices.id, label: choices.label });
      ids.choices.set(q.key, new Map(created.map((c) => [c.label, c.id])));
    }
  }
  return { surveyId: survey.id, ids };
}

/** Raw answers by key (choices by label) as the API receives them (question ids, choice ids). */
function toPayload(respondent: DemoRespondent, ids: Ids): Array<{ question_id: number; value: unknown }> {
  return Object.entries(respondent.answers).map(([key, value]) => {
    const byLabel = ids.choices.get(key);
    const resolve = (label: unknown) => byLabel!.get(String(label)) ?? label;
    const resolved = byLabel ? (Array.isArray(value) ? value.map(resolve) : resolve(value)) : value;
    return { question_id: ids.questions.get(key)!, value: resolved };
  });
}

/** Checks a respondent with the participations module's rules; a generator bug stops the seed. */
function checkRespondent(definition: SurveyDefinition, payload: ReturnType<typeof toPayload>, submit: boolean) {
  const checked = checkAnswers(definition, payload, { submit });
  if (Object.keys(checked.errors).length) {
    throw new Error(`Demo survey seed: generated answers rejected: ${JSON.stringify(checked.errors)}`);
  }
  return checked.values;
}

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * The demo satisfaction survey of Démo SARL: published, one question of each type, and
 * DEMO_SURVEY_PARTICIPATIONS realistic participations over the last 60 days (some
 * checked or validated by the owner, a few partial saves). Every answer passes the
 * participations module's checks before it is written; rows go in by bulk inserts.
 * Idempotent: nothing happens once the survey's code exists (or without the company).
 */
export async function seedDemoSurvey(db: Database, companyCode: string, ownerEmail: string, count = DEMO_SURVEY_PARTICIPATIONS): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.rows(sql`SELECT pg_advisory_xact_lock(hashtext('seed-demo-survey'))`);
    const [existing] = await tx.orm.select({ id: surveys.id }).from(surveys).where(eq(surveys.code, DEMO_SURVEY.code));
    if (existing) return;
    const [company] = await tx.orm.select({ id: companies.id }).from(companies).where(and(eq(companies.code, companyCode), isNull(companies.deleted_at)));
    if (!company) return;
    const [owner] = await tx.orm
      .select({ id: agents.id })
      .from(agents)
      .innerJoin(users, eq(users.id, agents.user_id))
      .where(and(eq(agents.company_id, company.id), sql`lower(${users.email}) = ${ownerEmail.toLowerCase()}`));
    const now = Date.now();
    const { surveyId, ids } = await createStructure(tx, company.id, owner?.id ?? null, now);
    const [surveyRow] = await tx.orm.select().from(surveys).where(eq(surveys.id, surveyId));
    const definition = await loadSurveyDefinition(tx, surveyRow);

    const random = seededRandom(SEED);
    const respondents = Array.from({ length: count }, () => generateRespondent(random, now));
    const checked = respondents.map((r) => {
      const payload = toPayload(r, ids);
      return { payload, values: checkRespondent(definition, payload, r.status !== 'in_progress') };
    });

    const participantIds: number[] = [];
    await insertInChunks(respondents, async (chunk) => {
      const rows = await tx.orm
        .insert(participants)
        .values(chunk.map((r) => ({ company_id: company.id, ...r.participant, src: r.src })))
        .returning({ id: participants.id });
      participantIds.push(...rows.map((row) => row.id));
    });
    const participationIds: number[] = [];
    const reviewer = owner?.id ?? null;
    await insertInChunks(
      respondents.map((r, i) => ({ r, i })),
      async (chunk) => {
        const rows = await tx.orm
          .insert(participations)
          .values(
            chunk.map(({ r, i }) => ({
              survey_id: surveyId,
              company_id: company.id,
              participant_id: participantIds[i],
              status: r.status,
              score: scoreOf(definition, checked[i].values),
              latitude: r.position?.latitude ?? null,
              longitude: r.position?.longitude ?? null,
              accuracy_m: r.position?.accuracy ?? null,
              client_uuid: `demo-${DEMO_SURVEY.code.toLowerCase()}-${String(i + 1).padStart(4, '0')}`,
              payload_hash: payloadHash({ answers: checked[i].payload }),
              src: r.src,
              started_at: r.startedAt,
              submitted_at: r.submittedAt,
              checked_by: r.checkedAt ? reviewer : null,
              checked_at: r.checkedAt,
              validated_by: r.validatedAt ? reviewer : null,
              validated_at: r.validatedAt,
              created_at: r.startedAt,
              updated_at: r.validatedAt ?? r.checkedAt ?? r.submittedAt ?? r.startedAt,
            })),
          )
          .returning({ id: participations.id });
        participationIds.push(...rows.map((row) => row.id));
      },
    );
    const answerRows = checked.flatMap(({ values }, i) =>
      [...values].map(([questionId, value]) => ({
        participation_id: participationIds[i],
        company_id: company.id,
        survey_id: surveyId,
        question_id: questionId,
        ...toAnswerColumns(definition.byId.get(questionId)!.type, value),
      })),
    );
    await insertInChunks(answerRows, (chunk) => tx.orm.insert(answers).values(chunk));
  });
}
