import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { DEMO_SUBCATEGORIES } from '../db/seed/category-tree';
import { articles, categories, categoryFeatures, companies, features, questions, sectors, steps, surveys } from '../db/schema';

/**
 * The catalogue the back office shows on day one (issue 20): two more sectors (one
 * deactivated), a small tree under the reference categories of each kind, records filed
 * under them and the default features of one category of companies. Seeded last, after
 * the companies and forms it files; idempotent (a category already there is left as it is).
 */

type Kind = (typeof categories.$inferInsert)['type'];

const SECTORS: Array<{ code: string; name: string; active: boolean }> = [
  { code: 'tourism', name: 'Tourisme et loisirs', active: true },
  { code: 'printing', name: 'Imprimerie et édition', active: false },
];


/** Company code → category code (kind `company`). */
const COMPANY_CATEGORIES: Record<string, string> = {
  DEMSRL: 'sme',
  AUTRES: 'sme-retail',
  BKWURE: 'sme-retail',
  CMWEST: 'large-network',
  AGRSHL: 'large',
  CLNQSP: 'sme',
};

/** Feature slug → category code (kind `feature`). */
const FEATURE_CATEGORIES: Record<string, string> = {
  surveys: 'collect',
  participations: 'collect-offline',
  storage: 'collect-offline',
  agents: 'supervision',
};

async function categoryId(db: Database, type: Kind, code: string): Promise<number | null> {
  const [row] = await db.orm.select({ id: categories.id }).from(categories).where(and(eq(categories.type, type), eq(categories.code, code)));
  return row?.id ?? null;
}

export async function seedDemoCategories(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.rows(sql`SELECT pg_advisory_xact_lock(hashtext('seed-demo-catalogue'))`);
    await tx.orm.insert(sectors).values(SECTORS).onConflictDoNothing({ target: sectors.code });
    if (await categoryId(tx, 'template', 'satisfaction-counter')) return;
    const positions = new Map<string, number>();
    for (const { type, parent: parentCode = '', code, name } of DEMO_SUBCATEGORIES) {
      const parentId = await categoryId(tx, type, parentCode);
      if (!parentId) continue;
      const key = `${type}:${parentCode}`;
      const position = positions.get(key) ?? 0;
      positions.set(key, position + 1);
      await tx.orm.insert(categories).values({ type, code, name, parent_id: parentId, position });
    }
    for (const [companyCode, code] of Object.entries(COMPANY_CATEGORIES)) {
      const id = await categoryId(tx, 'company', code);
      if (id) await tx.orm.update(companies).set({ category_id: id }).where(eq(companies.code, companyCode));
    }
    for (const [slug, code] of Object.entries(FEATURE_CATEGORIES)) {
      const id = await categoryId(tx, 'feature', code);
      if (id) await tx.orm.update(features).set({ category_id: id }).where(eq(features.slug, slug));
    }
    // The demo company's records: its articles, the first form's first step and questions.
    const [demo] = await tx.orm.select({ id: companies.id }).from(companies).where(eq(companies.code, 'DEMSRL'));
    if (!demo) return;
    const food = await categoryId(tx, 'article', 'goods-food');
    const delivery = await categoryId(tx, 'article', 'services-delivery');
    for (const article of await tx.orm.select({ id: articles.id, kind: articles.kind }).from(articles).where(eq(articles.company_id, demo.id))) {
      await tx.orm.update(articles).set({ category_id: article.kind === 'service' ? delivery : food }).where(eq(articles.id, article.id));
    }
    const [form] = await tx.orm
      .select({ id: surveys.id })
      .from(surveys)
      .where(and(eq(surveys.company_id, demo.id), eq(surveys.is_template, false), isNull(surveys.deleted_at)))
      .orderBy(surveys.id)
      .limit(1);
    if (!form) return;
    const formSteps = await tx.orm.select({ id: steps.id }).from(steps).where(eq(steps.survey_id, form.id)).orderBy(steps.position, steps.id);
    const site = await categoryId(tx, 'step', 'identification-site');
    if (formSteps[0] && site) await tx.orm.update(steps).set({ category_id: site }).where(eq(steps.id, formSteps[0].id));
    const courtesy = await categoryId(tx, 'question', 'service-courtesy');
    const formQuestions = await tx.orm.select({ id: questions.id }).from(questions).where(eq(questions.survey_id, form.id)).orderBy(questions.position, questions.id).limit(3);
    if (courtesy && formQuestions.length > 0) {
      await tx.orm.update(questions).set({ category_id: courtesy }).where(inArray(questions.id, formQuestions.map((q) => q.id)));
    }
    // Networks of agencies get unlimited agents and more storage, whatever their package.
    const network = await categoryId(tx, 'company', 'large-network');
    const given = await tx.orm.select({ id: features.id, slug: features.slug }).from(features).where(inArray(features.slug, ['agents', 'storage']));
    if (network) {
      await tx.orm
        .insert(categoryFeatures)
        .values(given.map((f) => ({ category_id: network, feature_id: f.id, limit_value: f.slug === 'agents' ? null : 20_000 })))
        .onConflictDoNothing();
    }
  });
}
