import { SURVEY_TARGET_KINDS, type SurveyTargetKind } from '@app/contracts/targets';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { articles, bookings, categories, choices, companies, questions, steps, surveys, users } from '../db/schema';

/**
 * The back office's catalogue demo data (issue 20): the platform's default questions of
 * every evaluation kind, a survey the platform's team rejected with its reason and one
 * waiting for publication (Boulangerie du Wouri), a template of the bakery's own (what
 * mnt/surveys/{action}/templates lists), the demo articles filed under their
 * categories, an article of the bakery, and bookings of the demo customer. Seeded after
 * every other demo row (ids above do not move); idempotent (each part checks its marker).
 */

const TARGET_WORD: Record<SurveyTargetKind, string> = {
  agent: "l'agent",
  group: "l'équipe",
  site: 'le site',
  workspace: "l'espace",
  audience: "l'audience",
  company: "l'entreprise",
};

/** The platform's default questions: the same three for every kind, worded for the target. */
function defaultsFor(kind: SurveyTargetKind) {
  const who = TARGET_WORD[kind];
  return [
    { label: `Note globale pour ${who}`, type: 'rating', required: true, settings: { max: 5 } },
    { label: `Recommanderiez-vous ${who} à un proche ?`, type: 'yes_no', required: false, settings: {} },
    { label: 'Un commentaire à ajouter ?', type: 'long_text', required: false, settings: { max_length: 1000 } },
  ];
}

export const DEMO_MODERATION = {
  company: 'BKWURE',
  rejected: {
    code: 'BKWRJT42',
    title: 'Jeu concours — gagnez un smartphone',
    reason: 'Ce formulaire demande le numéro de carte bancaire des participants : retirez cette question avant de le soumettre à nouveau.',
  },
  submitted: { code: 'BKWSBM42', title: 'Avis sur nos nouveaux croissants' },
  template: { code: 'BKWTPL42', title: 'Tournée de fraîcheur en boutique' },
} as const;

async function seedDefaultQuestions(tx: Database): Promise<void> {
  for (const kind of SURVEY_TARGET_KINDS) {
    const [any] = await tx.orm
      .select({ id: questions.id })
      .from(questions)
      .where(and(isNull(questions.company_id), isNull(questions.survey_id), eq(questions.default_for, kind)))
      .limit(1);
    if (any) continue;
    await tx.orm.insert(questions).values(defaultsFor(kind).map((q, position) => ({ ...q, company_id: null, survey_id: null, step_id: null, default_for: kind, position })));
  }
}

async function seedModeration(tx: Database): Promise<void> {
  const [company] = await tx.orm.select({ id: companies.id }).from(companies).where(eq(companies.code, DEMO_MODERATION.company));
  if (!company) return;
  const [done] = await tx.orm.select({ id: surveys.id }).from(surveys).where(eq(surveys.code, DEMO_MODERATION.rejected.code));
  if (done) return;
  const [owner] = await tx.rows<{ user_id: number; agent_id: number }>(sql`
    SELECT a.user_id, a.id AS agent_id FROM agents a WHERE a.company_id = ${company.id} ORDER BY a.id LIMIT 1`);
  const now = new Date();
  const made = await tx.orm
    .insert(surveys)
    .values([
      {
        company_id: company.id,
        code: DEMO_MODERATION.rejected.code,
        title: DEMO_MODERATION.rejected.title,
        description: 'Répondez et tentez votre chance.',
        type: 'form' as const,
        status: 'rejected' as const,
        submitted_at: now,
        rejection_comment: DEMO_MODERATION.rejected.reason,
        author_agent_id: owner?.agent_id ?? null,
        author_user_id: owner?.user_id ?? null,
      },
      {
        company_id: company.id,
        code: DEMO_MODERATION.submitted.code,
        title: DEMO_MODERATION.submitted.title,
        type: 'form' as const,
        status: 'submitted' as const,
        submitted_at: now,
        author_agent_id: owner?.agent_id ?? null,
        author_user_id: owner?.user_id ?? null,
      },
    ])
    .returning({ id: surveys.id, code: surveys.code });
  const contest = made.find((s) => s.code === DEMO_MODERATION.rejected.code)!;
  const croissants = made.find((s) => s.code === DEMO_MODERATION.submitted.code)!;
  const stepRows = await tx.orm
    .insert(steps)
    .values([
      { survey_id: contest.id, company_id: company.id, title: 'Participation', position: 0 },
      { survey_id: croissants.id, company_id: company.id, title: 'Votre avis', position: 0 },
    ])
    .returning({ id: steps.id, survey_id: steps.survey_id });
  const stepOf = (surveyId: number) => stepRows.find((s) => s.survey_id === surveyId)!.id;
  const inserted = await tx.orm
    .insert(questions)
    .values([
      { survey_id: contest.id, step_id: stepOf(contest.id), company_id: company.id, label: 'Votre nom complet', type: 'short_text', required: true, position: 0 },
      { survey_id: contest.id, step_id: stepOf(contest.id), company_id: company.id, label: 'Numéro de votre carte bancaire', type: 'short_text', required: true, position: 1 },
      { survey_id: croissants.id, step_id: stepOf(croissants.id), company_id: company.id, label: 'Goût des croissants', type: 'rating', required: true, position: 0, settings: { max: 5 } },
      { survey_id: croissants.id, step_id: stepOf(croissants.id), company_id: company.id, label: 'Lequel préférez-vous ?', type: 'single_choice', required: false, position: 1 },
    ])
    .returning({ id: questions.id, label: questions.label });
  const choice = inserted.find((q) => q.label === 'Lequel préférez-vous ?')!;
  await tx.orm.insert(choices).values(
    ['Nature', 'Aux amandes', 'Au chocolat'].map((label, position) => ({ question_id: choice.id, company_id: company.id, label, value: label, position })),
  );
}

/** A company's own template (not the platform's): the back office lists these apart. */
async function seedCompanyTemplate(tx: Database): Promise<void> {
  const { company: code, template } = DEMO_MODERATION;
  const [company] = await tx.orm.select({ id: companies.id }).from(companies).where(eq(companies.code, code));
  if (!company) return;
  const [done] = await tx.orm.select({ id: surveys.id }).from(surveys).where(eq(surveys.code, template.code));
  if (done) return;
  const [owner] = await tx.rows<{ user_id: number; agent_id: number }>(sql`
    SELECT a.user_id, a.id AS agent_id FROM agents a WHERE a.company_id = ${company.id} ORDER BY a.id LIMIT 1`);
  const [made] = await tx.orm
    .insert(surveys)
    .values({
      company_id: company.id,
      code: template.code,
      title: template.title,
      description: 'Le contrôle du matin : vitrine, fraîcheur des produits, propreté du comptoir.',
      type: 'form' as const,
      is_template: true,
      template_state: 'published' as const,
      active: true,
      survey_types: ['form'],
      author_agent_id: owner?.agent_id ?? null,
      author_user_id: owner?.user_id ?? null,
    })
    .returning({ id: surveys.id });
  const [step] = await tx.orm.insert(steps).values({ survey_id: made.id, company_id: company.id, title: 'Vitrine et comptoir', position: 0 }).returning({ id: steps.id });
  await tx.orm.insert(questions).values([
    { survey_id: made.id, step_id: step.id, company_id: company.id, label: 'La vitrine est-elle garnie à l’ouverture ?', type: 'yes_no', required: true, position: 0 },
    { survey_id: made.id, step_id: step.id, company_id: company.id, label: 'Fraîcheur des produits exposés', type: 'rating', required: true, position: 1, settings: { max: 5 } },
  ]);
}

async function seedArticles(tx: Database, demoCompanyCode: string, customerEmail: string): Promise<void> {
  const cats = await tx.orm.select({ id: categories.id, code: categories.code }).from(categories).where(eq(categories.type, 'article'));
  const goods = cats.find((c) => c.code === 'goods')?.id ?? null;
  const services = cats.find((c) => c.code === 'services')?.id ?? null;
  const [customer] = await tx.orm.select({ id: users.id }).from(users).where(eq(users.email, customerEmail));
  const found = await tx.orm.select({ id: companies.id, code: companies.code }).from(companies).where(inArray(companies.code, [demoCompanyCode, DEMO_MODERATION.company]));
  const demo = found.find((c) => c.code === demoCompanyCode);
  const bakery = found.find((c) => c.code === DEMO_MODERATION.company);
  if (!demo || !customer) return;
  const [already] = await tx.orm.select({ id: bookings.id }).from(bookings).where(eq(bookings.company_id, demo.id)).limit(1);
  if (already) return;
  // The demo articles of demo-commerce.ts, filed under the platform's article categories.
  await tx.rows(sql`UPDATE articles SET category_id = CASE WHEN kind = 'service' THEN ${services}::int ELSE ${goods}::int END
                    WHERE company_id = ${demo.id} AND category_id IS NULL`);
  if (bakery) {
    await tx.orm.insert(articles).values({
      company_id: bakery.id,
      category_id: goods,
      kind: 'good',
      name: 'Gâteau d’anniversaire sur commande',
      description: 'Génoise, crème au beurre, prénom écrit au chocolat. À commander 48 h à l’avance.',
      price: 12_000,
      currency: 'XAF',
      stock: 8,
    });
  }
  const offered = await tx.orm
    .select({ id: articles.id, company_id: articles.company_id, price: articles.price })
    .from(articles)
    .where(and(inArray(articles.company_id, bakery ? [demo.id, bakery.id] : [demo.id]), isNull(articles.deleted_at)))
    .orderBy(articles.id);
  const statuses = ['confirmed', 'pending', 'cancelled', 'confirmed'] as const;
  const day = 86_400_000;
  // A booking takes its quantity from the stock (given back when cancelled), as bookings.service does.
  for (const [i, a] of offered.slice(0, 4).entries()) {
    if (statuses[i] !== 'cancelled') await tx.rows(sql`UPDATE articles SET stock = stock - ${i + 1} WHERE id = ${a.id} AND stock IS NOT NULL AND stock >= ${i + 1}`);
  }
  await tx.orm.insert(bookings).values(
    offered.slice(0, 4).map((a, i) => ({
      company_id: a.company_id,
      article_id: a.id,
      customer_user_id: customer.id,
      quantity: i + 1,
      amount: a.price * (i + 1),
      currency: 'XAF',
      status: statuses[i],
      slot_at: new Date(Date.now() + (i + 2) * day),
      note: i === 0 ? 'Merci de prévoir une salle pour 10 personnes.' : null,
    })),
  );
}

export async function seedDemoCatalogue(db: Database, demoCompanyCode: string, customerEmail: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.rows(sql`SELECT pg_advisory_xact_lock(hashtext('seed-demo-catalogue'))`);
    await seedDefaultQuestions(tx);
    await seedModeration(tx);
    await seedCompanyTemplate(tx);
    await seedArticles(tx, demoCompanyCode, customerEmail);
  });
}
