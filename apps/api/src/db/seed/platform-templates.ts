import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { categories, choices, questions, steps, surveys } from '../schema';
import type { DemoQuestion } from '../../demo/demo-survey-structure';
import { TEMPLATES_PART_1, type TemplateSeed } from './platform-templates-data';
import { TEMPLATES_PART_2 } from './platform-templates-data-2';
import { REFERENCE_CATEGORIES } from './category-tree';

/** Every template of the platform's library, in the order the seed writes them. */
export const PLATFORM_TEMPLATES: readonly TemplateSeed[] = [...TEMPLATES_PART_1, ...TEMPLATES_PART_2];

/** The template roots of the one category tree: created here too when an older installation lacks one. */
const TEMPLATE_CATEGORIES = REFERENCE_CATEGORIES.filter((c) => c.type === 'template');

type Ids = { questions: Map<string, number>; choices: Map<string, Map<string, number>> };

/** A condition value: a choice named by its label becomes its id (what answers compare). */
function conditionValue(ids: Ids, key: string, value: unknown): unknown {
  const byLabel = ids.choices.get(key);
  if (!byLabel) return value;
  const resolve = (v: unknown) => {
    const id = byLabel.get(String(v));
    if (id === undefined) throw new Error(`Template seed: no choice « ${String(v)} » on ${key}`);
    return id;
  };
  return Array.isArray(value) ? value.map(resolve) : resolve(value);
}

function conditionOf(ids: Ids, q: DemoQuestion) {
  if (!q.showIf) return null;
  const questionId = ids.questions.get(q.showIf.key);
  if (questionId === undefined) throw new Error(`Template seed: condition of ${q.key} names an unknown question ${q.showIf.key}`);
  return { all: [{ question_id: questionId, operator: q.showIf.operator, value: conditionValue(ids, q.showIf.key, q.showIf.value) }] };
}

async function writeTemplate(tx: Database, seed: TemplateSeed, categoryId: number | null): Promise<void> {
  const [survey] = await tx.orm
    .insert(surveys)
    .values({
      company_id: null,
      code: seed.code,
      title: seed.title,
      description: seed.description,
      type: seed.type,
      target_kind: seed.type === 'evaluation' ? (seed.target_kind ?? null) : null,
      settings: seed.settings ?? {},
      is_template: true,
      template_state: 'published',
      active: true,
      survey_types: seed.survey_types,
      premium: seed.premium ?? false,
      category_id: categoryId,
    })
    .returning({ id: surveys.id });
  const ids: Ids = { questions: new Map(), choices: new Map() };
  for (const [position, step] of seed.steps.entries()) {
    const [stepRow] = await tx.orm
      .insert(steps)
      .values({ survey_id: survey.id, company_id: null, title: step.title, description: step.description ?? null, position })
      .returning({ id: steps.id });
    for (const [qPosition, q] of step.questions.entries()) {
      const [row] = await tx.orm
        .insert(questions)
        .values({
          survey_id: survey.id,
          step_id: stepRow.id,
          company_id: null,
          label: q.label,
          help: q.help ?? null,
          type: q.type,
          required: q.required ?? false,
          position: qPosition,
          settings: q.settings ?? {},
          condition: conditionOf(ids, q),
        })
        .returning({ id: questions.id });
      ids.questions.set(q.key, row.id);
      if (!q.choices) continue;
      const created = await tx.orm
        .insert(choices)
        .values(q.choices.map(([label, score], i) => ({ question_id: row.id, company_id: null, label, value: label.toLowerCase(), position: i, score: score ?? null })))
        .returning({ id: choices.id, label: choices.label });
      ids.choices.set(q.key, new Map(created.map((c) => [c.label, c.id])));
    }
  }
}

/**
 * The platform's published template library (every installation, not only the demo):
 * each template is written once, by its fixed code, so that a template the platform's
 * team edited, retired or deleted is never rewritten by a restart.
 */
export async function seedPlatformTemplates(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.rows(sql`SELECT pg_advisory_xact_lock(hashtext('seed-platform-templates'))`);
    const codes = PLATFORM_TEMPLATES.map((t) => t.code);
    const existing = new Set(
      (await tx.orm.select({ code: surveys.code }).from(surveys).where(inArray(surveys.code, codes))).map((r) => r.code),
    );
    const missing = PLATFORM_TEMPLATES.filter((t) => !existing.has(t.code));
    if (missing.length === 0) return;
    await tx.orm
      .insert(categories)
      .values(TEMPLATE_CATEGORIES.map(({ code, name }) => ({ type: 'template' as const, code, name })))
      .onConflictDoNothing();
    const categoryIds = new Map(
      (await tx.orm.select({ id: categories.id, code: categories.code }).from(categories).where(and(eq(categories.type, 'template')))).map((c) => [c.code, c.id]),
    );
    for (const seed of missing) await writeTemplate(tx, seed, categoryIds.get(seed.category) ?? null);
  });
}
