import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { toAnswerColumns } from '../modules/collection/answers/answer-columns';
import { checkAnswers, payloadHash, scoreOf } from '../modules/collection/participations/submission.rules';
import { loadSurveyDefinition } from '../modules/collection/participations/survey-definition.repository';
import type { Database } from '../db/client';
import { agents, answers, choices, companies, participants, participations, questions, sites, steps, surveys, users, workspaces } from '../db/schema';
import { seededRandom } from './demo-survey-people';

/**
 * Evaluations of Démo SARL for the scorecards (`{action}/overview`, a site's scorecard)
 * and the customer's `web/reports`: supervisors' quality visits of every site and
 * customers' ratings of the counters, over the last 60 days, each site with its own
 * level (Akwa does well, Mvog-Mbi less so). Answers pass the participations module's
 * checks and scores come from its scoring, as a real submission's would.
 */

interface DemoEvalQuestion {
  label: string;
  type: 'rating' | 'yes_no' | 'single_choice';
  settings?: Record<string, unknown>;
  choices?: ReadonlyArray<readonly [string, number]>;
}

const VISIT_SURVEY = {
  code: 'EVALAGCE',
  title: 'Visite qualité des agences',
  description: 'Grille de visite du superviseur : accueil, propreté, attente.',
  target_kind: 'site' as const,
  questions: [
    { label: 'Note globale de l’agence', type: 'rating', settings: { max: 5 } },
    { label: 'L’agence est-elle propre ?', type: 'yes_no', settings: { yes_score: 2, no_score: 0 } },
    { label: 'Qualité de l’accueil', type: 'single_choice', choices: [['Excellent', 3], ['Bon', 2], ['Moyen', 1], ['Mauvais', 0]] },
  ] satisfies DemoEvalQuestion[],
};

const COUNTER_SURVEY = {
  code: 'NTGUCHET',
  title: 'Notez notre guichet',
  description: 'Une note de 1 à 5 pour le guichet qui vous a servi.',
  target_kind: 'workspace' as const,
  questions: [{ label: 'Votre note', type: 'rating', settings: { max: 5 } }] satisfies DemoEvalQuestion[],
};

/** How well each site does, from 0 (poorly) to 1 (very well). */
const SITE_LEVEL: Record<string, number> = { AKWA: 0.9, BNJ: 0.7, BNB: 0.55, BSTS: 0.75, MVGB: 0.35 };
const VISITS_PER_SITE = 14;
const COUNTER_RATINGS = 90;
/** Ratings given by the demo customer account (listed on its web/reports page). */
const CUSTOMER_RATINGS = 3;
const SEED = 20_261_124;
const DAY = 86_400_000;

type Ids = { surveyId: number; questions: Array<{ id: number; type: string; choices: number[] }> };

async function createSurvey(tx: Database, companyId: number, authorId: number | null, spec: typeof VISIT_SURVEY | typeof COUNTER_SURVEY, now: number): Promise<Ids> {
  const [survey] = await tx.orm
    .insert(surveys)
    .values({
      company_id: companyId,
      code: spec.code,
      title: spec.title,
      description: spec.description,
      type: 'evaluation',
      target_kind: spec.target_kind,
      status: 'published',
      settings: {},
      author_agent_id: authorId,
      submitted_at: new Date(now - 65 * DAY),
      published_at: new Date(now - 65 * DAY),
    })
    .returning({ id: surveys.id });
  const [step] = await tx.orm.insert(steps).values({ survey_id: survey.id, company_id: companyId, title: 'Évaluation', position: 0 }).returning({ id: steps.id });
  const ids: Ids = { surveyId: survey.id, questions: [] };
  for (const [position, q] of (spec.questions as DemoEvalQuestion[]).entries()) {
    const [row] = await tx.orm
      .insert(questions)
      .values({ survey_id: survey.id, step_id: step.id, company_id: companyId, label: q.label, type: q.type, required: true, position, settings: q.settings ?? {} })
      .returning({ id: questions.id });
    const made = q.choices
      ? await tx.orm
          .insert(choices)
          .values(q.choices.map(([label, score], i) => ({ question_id: row.id, company_id: companyId, label, value: label.toLowerCase(), position: i, score })))
          .returning({ id: choices.id })
      : [];
    ids.questions.push({ id: row.id, type: q.type, choices: made.map((c) => c.id) });
  }
  return ids;
}

/** Answers of one evaluation at a level in [0, 1] (a little noise around it). */
function answersAt(ids: Ids, level: number, random: () => number) {
  const jitter = () => Math.min(1, Math.max(0, level + (random() - 0.5) * 0.5));
  return ids.questions.map((q) => {
    if (q.type === 'rating') return { question_id: q.id, value: 1 + Math.round(jitter() * 4) };
    if (q.type === 'yes_no') return { question_id: q.id, value: jitter() > 0.4 };
    // Choices go from best to worst.
    return { question_id: q.id, value: q.choices[Math.min(q.choices.length - 1, Math.floor((1 - jitter()) * q.choices.length))] };
  });
}

interface Evaluation {
  targetKind: 'site' | 'workspace';
  targetId: number;
  level: number;
  submittedAt: Date;
  agentId: number | null;
  userId: number | null;
  participantName: string | null;
}

/** Review state by age: older evaluations were validated, the last week's wait. */
function reviewOf(submittedAt: Date, now: number, reviewer: number | null) {
  const age = (now - submittedAt.getTime()) / DAY;
  if (age > 20) return { status: 'validated' as const, checked_by: reviewer, checked_at: new Date(submittedAt.getTime() + DAY), validated_by: reviewer, validated_at: new Date(submittedAt.getTime() + 2 * DAY) };
  if (age > 7) return { status: 'checked' as const, checked_by: reviewer, checked_at: new Date(submittedAt.getTime() + DAY), validated_by: null, validated_at: null };
  return { status: 'submitted' as const, checked_by: null, checked_at: null, validated_by: null, validated_at: null };
}

async function writeEvaluations(tx: Database, companyId: number, ids: Ids, list: Evaluation[], reviewer: number | null, random: () => number, now: number, tag: string) {
  const [surveyRow] = await tx.orm.select().from(surveys).where(eq(surveys.id, ids.surveyId));
  const definition = await loadSurveyDefinition(tx, surveyRow);
  for (const [i, e] of list.entries()) {
    const payload = answersAt(ids, e.level, random);
    const checked = checkAnswers(definition, payload, { submit: true });
    if (Object.keys(checked.errors).length) throw new Error(`Demo scores seed: answers rejected: ${JSON.stringify(checked.errors)}`);
    const [participant] = e.participantName
      ? await tx.orm.insert(participants).values({ company_id: companyId, name: e.participantName, src: 'qrcode' }).returning({ id: participants.id })
      : [null];
    const [row] = await tx.orm
      .insert(participations)
      .values({
        survey_id: ids.surveyId,
        company_id: companyId,
        user_id: e.userId,
        agent_id: e.agentId,
        participant_id: participant?.id ?? null,
        target_kind: e.targetKind,
        target_id: e.targetId,
        score: scoreOf(definition, checked.values),
        client_uuid: `demo-${tag}-${String(i + 1).padStart(4, '0')}`,
        payload_hash: payloadHash({ answers: payload }),
        src: e.participantName ? 'qrcode' : null,
        started_at: new Date(e.submittedAt.getTime() - 5 * 60_000),
        submitted_at: e.submittedAt,
        created_at: e.submittedAt,
        updated_at: e.submittedAt,
        ...reviewOf(e.submittedAt, now, reviewer),
      })
      .returning({ id: participations.id });
    await tx.orm.insert(answers).values(
      [...checked.values].map(([questionId, value]) => ({
        participation_id: row.id,
        company_id: companyId,
        survey_id: ids.surveyId,
        question_id: questionId,
        ...toAnswerColumns(definition.byId.get(questionId)!.type, value),
      })),
    );
  }
}

const CUSTOMER_NAMES = ['Aïcha B.', 'Boris N.', 'Chantal E.', 'Didier M.', 'Estelle K.', 'Fabrice T.', 'Gisèle O.', 'Henri A.'];

/**
 * Seeds the two evaluation surveys and their evaluations once (nothing happens when the
 * visit survey's code exists, or without the company and its sites).
 */
export async function seedDemoScores(db: Database, companyCode: string, ownerEmail: string, customerEmail: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.rows(sql`SELECT pg_advisory_xact_lock(hashtext('seed-demo-scores'))`);
    const [existing] = await tx.orm.select({ id: surveys.id }).from(surveys).where(eq(surveys.code, VISIT_SURVEY.code));
    if (existing) return;
    const [company] = await tx.orm.select({ id: companies.id }).from(companies).where(and(eq(companies.code, companyCode), isNull(companies.deleted_at)));
    if (!company) return;
    const siteRows = await tx.orm.select({ id: sites.id, code: sites.code }).from(sites).where(and(eq(sites.company_id, company.id), inArray(sites.code, Object.keys(SITE_LEVEL))));
    if (siteRows.length === 0) return;
    const counters = await tx.orm.select({ id: workspaces.id, site_id: workspaces.site_id }).from(workspaces).where(eq(workspaces.company_id, company.id));
    const [owner] = await tx.orm
      .select({ id: agents.id })
      .from(agents)
      .innerJoin(users, eq(users.id, agents.user_id))
      .where(and(eq(agents.company_id, company.id), sql`lower(${users.email}) = ${ownerEmail.toLowerCase()}`));
    const [customer] = await tx.orm.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${customerEmail.toLowerCase()}`);
    const fieldAgents = await tx.orm.select({ id: agents.id, user_id: agents.user_id }).from(agents).where(eq(agents.company_id, company.id));
    const now = Date.now();
    const random = seededRandom(SEED);
    const levelOfSite = new Map(siteRows.map((s) => [s.id, SITE_LEVEL[s.code] ?? 0.6]));
    const daysAgo = (max: number) => new Date(now - Math.floor(random() * max * DAY) - 60 * 60_000);

    const visits = await createSurvey(tx, company.id, owner?.id ?? null, VISIT_SURVEY, now);
    const visitList: Evaluation[] = siteRows.flatMap((site) =>
      Array.from({ length: VISITS_PER_SITE }, () => {
        const agent = fieldAgents[Math.floor(random() * fieldAgents.length)];
        return { targetKind: 'site' as const, targetId: site.id, level: levelOfSite.get(site.id)!, submittedAt: daysAgo(60), agentId: agent.id, userId: agent.user_id, participantName: null };
      }),
    );
    await writeEvaluations(tx, company.id, visits, visitList, owner?.id ?? null, random, now, 'evalagce');

    if (counters.length === 0) return;
    const ratings = await createSurvey(tx, company.id, owner?.id ?? null, COUNTER_SURVEY, now);
    const ratingList: Evaluation[] = Array.from({ length: COUNTER_RATINGS + CUSTOMER_RATINGS }, (_, i) => {
      const counter = counters[i % counters.length];
      const mine = i >= COUNTER_RATINGS && customer;
      return {
        targetKind: 'workspace' as const,
        targetId: counter.id,
        level: levelOfSite.get(counter.site_id) ?? 0.6,
        // The customer's own ratings are recent, so they open their list.
        submittedAt: mine ? daysAgo(5) : daysAgo(60),
        agentId: null,
        userId: mine ? customer.id : null,
        participantName: mine ? null : CUSTOMER_NAMES[i % CUSTOMER_NAMES.length],
      };
    });
    await writeEvaluations(tx, company.id, ratings, ratingList, owner?.id ?? null, random, now, 'ntguchet');
  });
}
