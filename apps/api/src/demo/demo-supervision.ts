import { and, eq, isNull, sql } from 'drizzle-orm';
import { toAnswerColumns } from '../modules/collection/answers/answer-columns';
import { checkAnswers, payloadHash, scoreOf } from '../modules/collection/participations/submission.rules';
import { loadSurveyDefinition } from '../modules/collection/participations/survey-definition.repository';
import type { Database } from '../db/client';
import { activities, answers, companies, groups, monitors, participations, questions, reports, sites, steps, surveys, workspaces } from '../db/schema';
import { seededRandom } from './demo-survey-people';

/** The supervision survey of Démo SARL (an evaluation a supervisor fills on the spot). */
export const DEMO_SUPERVISION_SURVEY_CODE = 'SUPVIS';
const DAY = 86_400_000;
const SEED = 20_260_509;

const QUESTIONS = [
  { key: 'welcome', type: 'rating', label: 'Accueil des clients', required: true, settings: { max: 5 } },
  { key: 'clean', type: 'rating', label: 'Propreté des locaux', required: true, settings: { max: 5 } },
  { key: 'prices', type: 'yes_no', label: 'Les prix affichés sont-ils à jour ?', required: true, settings: { yes_score: 2, no_score: 0 } },
  { key: 'remark', type: 'long_text', label: 'Observations' },
] as const;

const REMARKS = ['File d’attente bien gérée.', 'Affiches à remplacer à l’entrée.', 'Personnel souriant, guichet 2 fermé.', 'Climatisation en panne.', null, null];

/** Who supervises what (supervisor e-mail, target), and how often. */
const MONITOR_SPECS = [
  { supervisor: 'herve.tchamba@demo.cm', kind: 'site', target: 'Agence Bastos', frequency: 'weekly', status: 'active', visits: 6, note: 'Visite le lundi matin, avant l’ouverture.' },
  { supervisor: 'herve.tchamba@demo.cm', kind: 'site', target: 'Agence Akwa', frequency: 'monthly', status: 'active', visits: 3, note: null },
  { supervisor: 'agent@demo.cm', kind: 'workspace', target: 'AKWA-G1', frequency: 'weekly', status: 'active', visits: 4, note: 'Contrôle de la caisse et de l’accueil.' },
  { supervisor: 'agent@demo.cm', kind: 'group', target: 'Équipe Yaoundé', frequency: 'monthly', status: 'active', visits: 2, note: null },
  { supervisor: 'samuel.eto@demo.cm', kind: 'site', target: 'Dépôt de Bonabéri', frequency: 'daily', status: 'inactive', visits: 2, note: 'Suspendue pendant l’inventaire.' },
] as const;

async function agentByEmail(tx: Database, companyId: number, email: string) {
  const [row] = await tx.rows<{ id: number; user_id: number; name: string }>(sql`
    SELECT a.id, a.user_id, trim(concat_ws(' ', a.first_name, a.last_name)) AS name
      FROM agents a JOIN users u ON u.id = a.user_id WHERE a.company_id = ${companyId} AND lower(u.email) = ${email}`);
  return row ?? null;
}

async function targetOf(tx: Database, companyId: number, kind: string, key: string): Promise<{ id: number; name: string } | null> {
  if (kind === 'site') return (await tx.orm.select({ id: sites.id, name: sites.name }).from(sites).where(and(eq(sites.company_id, companyId), eq(sites.name, key))))[0] ?? null;
  if (kind === 'workspace') return (await tx.orm.select({ id: workspaces.id, name: workspaces.name }).from(workspaces).where(and(eq(workspaces.company_id, companyId), eq(workspaces.code, key))))[0] ?? null;
  return (await tx.orm.select({ id: groups.id, name: groups.name }).from(groups).where(and(eq(groups.company_id, companyId), eq(groups.name, key))))[0] ?? null;
}

/**
 * Supervision of Démo SARL: an evaluation survey, monitors of sites, a workspace and a
 * group by their supervisors (one inactive), past visits as submitted participations
 * with their reports, and the activity timeline of all that. Runs once, after the
 * structure (it needs the sites and agents); a company with monitors is left as it is.
 */
export async function seedDemoSupervision(db: Database, companyCode: string, ownerEmail: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.rows(sql`SELECT pg_advisory_xact_lock(hashtext('seed-demo-supervision'))`);
    const [company] = await tx.orm.select({ id: companies.id }).from(companies).where(and(eq(companies.code, companyCode), isNull(companies.deleted_at)));
    if (!company) return;
    const companyId = company.id;
    const [already] = await tx.orm.select({ id: monitors.id }).from(monitors).where(eq(monitors.company_id, companyId)).limit(1);
    if (already) return;
    const owner = await agentByEmail(tx, companyId, ownerEmail.toLowerCase());
    if (!owner) return;
    const now = Date.now();
    const random = seededRandom(SEED);

    const [survey] = await tx.orm
      .insert(surveys)
      .values({
        company_id: companyId,
        code: DEMO_SUPERVISION_SURVEY_CODE,
        title: 'Visite de supervision',
        description: 'Grille remplie sur place par le superviseur.',
        type: 'evaluation',
        status: 'published',
        settings: {},
        author_agent_id: owner.id,
        submitted_at: new Date(now - 50 * DAY),
        published_at: new Date(now - 49 * DAY),
        created_at: new Date(now - 50 * DAY),
      })
      .onConflictDoNothing()
      .returning({ id: surveys.id });
    if (!survey) return;
    const [step] = await tx.orm.insert(steps).values({ survey_id: survey.id, company_id: companyId, title: 'Visite', position: 0 }).returning({ id: steps.id });
    const questionIds = new Map<string, number>();
    for (const [position, q] of QUESTIONS.entries()) {
      const [row] = await tx.orm
        .insert(questions)
        .values({ survey_id: survey.id, step_id: step.id, company_id: companyId, label: q.label, type: q.type, required: 'required' in q ? q.required : false, position, settings: 'settings' in q ? q.settings : {} })
        .returning({ id: questions.id });
      questionIds.set(q.key, row.id);
    }
    const [surveyRow] = await tx.orm.select().from(surveys).where(eq(surveys.id, survey.id));
    const definition = await loadSurveyDefinition(tx, surveyRow);

    const timeline: Array<typeof activities.$inferInsert> = [];
    let visitNo = 0;
    for (const spec of MONITOR_SPECS) {
      const supervisor = await agentByEmail(tx, companyId, spec.supervisor);
      const target = await targetOf(tx, companyId, spec.kind, spec.target);
      if (!supervisor || !target) continue;
      const createdAt = new Date(now - 45 * DAY);
      const [monitor] = await tx.orm
        .insert(monitors)
        .values({ company_id: companyId, survey_id: survey.id, target_kind: spec.kind, target_id: target.id, agent_id: supervisor.id, frequency: spec.frequency, status: spec.status, note: spec.note, created_by: owner.id, created_at: createdAt, updated_at: createdAt })
        .returning({ id: monitors.id });
      const line = { company_id: companyId, target_kind: spec.kind, target_id: target.id, target_name: target.name, monitor_id: monitor.id };
      timeline.push({ ...line, kind: 'monitors.created', agent_id: owner.id, user_id: owner.user_id, actor_name: owner.name, subject_type: 'monitors', subject_id: monitor.id, subject_name: target.name, created_at: createdAt });
      for (let v = 0; v < spec.visits; v++) {
        visitNo++;
        const at = new Date(now - (40 - v * 6 - random() * 3) * DAY);
        const payload = [
          { question_id: questionIds.get('welcome')!, value: 2 + Math.floor(random() * 4) },
          { question_id: questionIds.get('clean')!, value: 2 + Math.floor(random() * 4) },
          { question_id: questionIds.get('prices')!, value: random() > 0.3 },
          ...(REMARKS[visitNo % REMARKS.length] ? [{ question_id: questionIds.get('remark')!, value: REMARKS[visitNo % REMARKS.length] }] : []),
        ];
        const checked = checkAnswers(definition, payload, { submit: true });
        if (Object.keys(checked.errors).length) throw new Error(`Demo supervision seed: answers rejected: ${JSON.stringify(checked.errors)}`);
        const score = scoreOf(definition, checked.values);
        const [p] = await tx.orm
          .insert(participations)
          .values({
            survey_id: survey.id, company_id: companyId, user_id: supervisor.user_id, agent_id: supervisor.id, target_kind: spec.kind, target_id: target.id,
            status: 'submitted', score, client_uuid: `demo-supvis-${String(visitNo).padStart(3, '0')}`, payload_hash: payloadHash({ answers: payload }),
            started_at: at, submitted_at: at, created_at: at, updated_at: at,
          })
          .returning({ id: participations.id });
        await tx.orm.insert(answers).values(
          [...checked.values].map(([questionId, value]) => ({ participation_id: p.id, company_id: companyId, survey_id: survey.id, question_id: questionId, ...toAnswerColumns(definition.byId.get(questionId)!.type, value) })),
        );
        const comment = v === spec.visits - 1 ? 'Points d’amélioration partagés avec le responsable.' : null;
        const [report] = await tx.orm
          .insert(reports)
          .values({ company_id: companyId, monitor_id: monitor.id, participation_id: p.id, agent_id: supervisor.id, score, comment, created_at: at, updated_at: at })
          .returning({ id: reports.id });
        const who = { agent_id: supervisor.id, user_id: supervisor.user_id, actor_name: supervisor.name };
        timeline.push({ ...line, ...who, kind: 'participation.submitted', subject_type: 'participations', subject_id: p.id, subject_name: 'Visite de supervision', data: { survey_id: survey.id, score }, created_at: at });
        timeline.push({ ...line, ...who, kind: 'report.created', subject_type: 'reports', subject_id: report.id, data: { participation_id: p.id, score }, created_at: new Date(at.getTime() + 1000) });
      }
      if (spec.status === 'inactive') {
        timeline.push({ ...line, kind: 'monitors.deactivated', agent_id: owner.id, user_id: owner.user_id, actor_name: owner.name, subject_type: 'monitors', subject_id: monitor.id, subject_name: target.name, created_at: new Date(now - 3 * DAY) });
      }
    }
    const siteRows = await tx.orm.select({ id: sites.id, name: sites.name }).from(sites).where(eq(sites.company_id, companyId));
    for (const site of siteRows) {
      timeline.push({ company_id: companyId, kind: 'sites.created', agent_id: owner.id, user_id: owner.user_id, actor_name: owner.name, subject_type: 'sites', subject_id: site.id, subject_name: site.name, created_at: new Date(now - 55 * DAY) });
    }
    if (timeline.length) await tx.orm.insert(activities).values(timeline);
  });
}
