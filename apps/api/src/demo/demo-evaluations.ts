import { CODED_TARGET_KINDS, checkGeofence } from '@app/contracts/targets';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { toAnswerColumns } from '../modules/collection/answers/answer-columns';
import { checkAnswers, payloadHash, scoreOf } from '../modules/collection/participations/submission.rules';
import { loadSurveyDefinition } from '../modules/collection/participations/survey-definition.repository';
import { ensureTargetCodes } from '../modules/collection/targets/target-codes.repository';
import { listTargets } from '../modules/collection/targets/targets.repository';
import type { Database } from '../db/client';
import { agents, answers, companies, participations, questions, steps, surveys, users } from '../db/schema';

/** The two open evaluation surveys of Démo SARL (their codes are fixed, for the docs and journeys). */
export const DEMO_EVALUATIONS = {
  workspace: {
    code: 'EVALGUIC',
    title: 'Évaluez notre guichet',
    description: 'Une note et un mot sur l’accueil reçu à ce guichet. Trente secondes suffisent.',
    settings: { anonymous: true },
    questions: [
      { key: 'note', type: 'rating', label: 'Votre note pour ce guichet', required: true, settings: { max: 5 } },
      { key: 'comment', type: 'long_text', label: 'Un commentaire ?', required: false, settings: {} },
    ],
  },
  site: {
    code: 'VISITSIT',
    title: 'Visite de site',
    description: 'Contrôle sur place par un superviseur : propreté, accueil et affichage.',
    settings: { sign_in_required: true, geolocation_required: true },
    questions: [
      { key: 'clean', type: 'yes_no', label: 'Le site est-il propre et rangé ?', required: true, settings: { yes_score: 1, no_score: 0 } },
      { key: 'welcome', type: 'rating', label: 'Qualité de l’accueil', required: true, settings: { max: 5 } },
      { key: 'notes', type: 'long_text', label: 'Observations', required: false, settings: {} },
    ],
  },
} as const;

/** Visits of the demo site survey: who, which site, where they stood (one outside its geofence). */
const DEMO_VISITS = [
  { email: 'herve.tchamba@demo.cm', site: 'Agence Akwa', at: { latitude: 4.0513, longitude: 9.7681 }, days: 6, clean: true, welcome: 4 },
  { email: 'herve.tchamba@demo.cm', site: 'Agence Bastos', at: { latitude: 3.8862, longitude: 11.5093 }, days: 4, clean: true, welcome: 5 },
  { email: 'mireille.ngo@demo.cm', site: 'Agence Bonanjo', at: { latitude: 4.0611, longitude: 9.7101 }, days: 2, clean: false, welcome: 2 },
] as const;

async function createSurvey(tx: Database, companyId: number, authorId: number | null, kind: 'workspace' | 'site', now: number): Promise<number> {
  const spec = DEMO_EVALUATIONS[kind];
  const [survey] = await tx.orm
    .insert(surveys)
    .values({
      company_id: companyId,
      code: spec.code,
      title: spec.title,
      description: spec.description,
      type: 'evaluation',
      target_kind: kind,
      status: 'published',
      settings: spec.settings,
      author_agent_id: authorId,
      submitted_at: new Date(now - 15 * 86_400_000),
      published_at: new Date(now - 14 * 86_400_000),
    })
    .returning({ id: surveys.id });
  const [step] = await tx.orm.insert(steps).values({ survey_id: survey.id, company_id: companyId, title: 'Votre avis', position: 0 }).returning({ id: steps.id });
  await tx.orm.insert(questions).values(
    spec.questions.map((q, position) => ({
      survey_id: survey.id,
      step_id: step.id,
      company_id: companyId,
      label: q.label,
      type: q.type,
      required: q.required,
      position,
      settings: q.settings,
    })),
  );
  return survey.id;
}

/**
 * Démo SARL's evaluations by QR code: a published survey rating workspaces (what a
 * customer reaches from a counter's QR code) and one for site visits by agents, three
 * visits (one outside its site's geofence, flagged), and public codes for every site,
 * workspace, group, agent and audience. Idempotent by the surveys' codes.
 */
export async function seedDemoEvaluations(db: Database, companyCode: string, ownerEmail: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.rows(sql`SELECT pg_advisory_xact_lock(hashtext('seed-demo-evaluations'))`);
    const [company] = await tx.orm.select({ id: companies.id }).from(companies).where(and(eq(companies.code, companyCode), isNull(companies.deleted_at)));
    if (!company) return;
    const companyId = company.id;
    for (const kind of CODED_TARGET_KINDS) {
      const rows = await listTargets(tx, companyId, kind, null);
      await ensureTargetCodes(
        tx,
        companyId,
        kind,
        rows.map((r) => r.id),
      );
    }
    const [existing] = await tx.orm.select({ id: surveys.id }).from(surveys).where(eq(surveys.code, DEMO_EVALUATIONS.site.code));
    if (existing) return;
    const agentOf = async (email: string) =>
      (
        await tx.orm
          .select({ id: agents.id, user_id: agents.user_id })
          .from(agents)
          .innerJoin(users, eq(users.id, agents.user_id))
          .where(and(eq(agents.company_id, companyId), sql`lower(${users.email}) = ${email}`))
      )[0];
    const owner = await agentOf(ownerEmail.toLowerCase());
    const now = Date.now();
    await createSurvey(tx, companyId, owner?.id ?? null, 'workspace', now);
    const siteSurveyId = await createSurvey(tx, companyId, owner?.id ?? null, 'site', now);
    const [surveyRow] = await tx.orm.select().from(surveys).where(eq(surveys.id, siteSurveyId));
    const definition = await loadSurveyDefinition(tx, surveyRow);
    const questionId = (label: string) => definition.questions.find((q) => q.label === label)!.id;
    const sites = await listTargets(tx, companyId, 'site', null);
    for (const [i, visit] of DEMO_VISITS.entries()) {
      const agent = await agentOf(visit.email);
      const site = sites.find((s) => s.name === visit.site);
      if (!agent || !site) continue;
      const payload = [
        { question_id: questionId(DEMO_EVALUATIONS.site.questions[0].label), value: visit.clean },
        { question_id: questionId(DEMO_EVALUATIONS.site.questions[1].label), value: visit.welcome },
      ];
      const checked = checkAnswers(definition, payload, { submit: true });
      if (Object.keys(checked.errors).length) throw new Error(`Demo evaluations seed: answers rejected: ${JSON.stringify(checked.errors)}`);
      const fence = checkGeofence(site, visit.at);
      const when = new Date(now - visit.days * 86_400_000);
      const [row] = await tx.orm
        .insert(participations)
        .values({
          survey_id: siteSurveyId,
          company_id: companyId,
          user_id: agent.user_id,
          agent_id: agent.id,
          target_kind: 'site',
          target_id: site.id,
          status: 'submitted',
          score: scoreOf(definition, checked.values),
          latitude: visit.at.latitude,
          longitude: visit.at.longitude,
          accuracy_m: 12,
          geofence_status: fence?.status ?? null,
          geofence_distance_m: fence?.distance_m ?? null,
          client_uuid: `demo-visit-${String(i + 1).padStart(4, '0')}`,
          payload_hash: payloadHash({ answers: payload }),
          src: 'terrain',
          started_at: when,
          submitted_at: when,
          created_at: when,
          updated_at: when,
        })
        .returning({ id: participations.id });
      await tx.orm.insert(answers).values(
        [...checked.values].map(([question, value]) => ({
          participation_id: row.id,
          company_id: companyId,
          survey_id: siteSurveyId,
          question_id: question,
          ...toAnswerColumns(definition.byId.get(question)!.type, value),
        })),
      );
    }
  });
}
