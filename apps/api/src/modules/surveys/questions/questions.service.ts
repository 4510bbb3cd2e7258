import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { choices, questions, steps } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { authorize } from '../../../http/authorize';
import { BY_PERMISSION, createCrudService } from '../../../http/crud-service';
import { withDbErrors } from '../../../http/db-errors';
import { validationFailed } from '../../../http/errors';
import { requirePermission, tenantQuery } from '../../tenancy/companies/tenancy';
import { assertConditionOrder, assertNotReferenced } from '../surveys/condition-order';
import { copyName } from '../../../http/copy-name';
import { applyOrder, makeRoomAfter, nextPosition } from '../surveys/positions';
import { assertParentEditable, findWritableRow, requireStructureWriter } from '../surveys/survey-guards';
import { assertCategory } from '../surveys/surveys.repository';
import {
  checkConditionShape,
  checkDefaultCondition,
  checkInlineChoices,
  checkQuestionSettings,
  checkQuestionType,
} from './question-rules';
import { auditedDefaultChange, isDefaultQuestion } from './default-question-audit';
import { questionRuleText } from './question-rules.texts';
import { questionQueryDef } from './questions.query';
import type { CreateQuestionInput, InlineChoice, UpdateQuestionInput } from './questions.schemas';

type Row = Record<string, unknown>;
type QuestionRow = typeof questions.$inferSelect;

/** The caller's question whose survey may still change (default questions always may). */
export async function findEditableQuestion(ctx: RequestContext, id: number): Promise<QuestionRow> {
  const question = await findWritableRow(ctx, questions, id);
  await assertParentEditable(ctx, question.survey_id);
  return question;
}

/** The caller's step named by `step_id`, in an editable survey; 422 when it is not the caller's. */
async function findTargetStep(ctx: RequestContext, stepId: number) {
  const companyId = requireStructureWriter(ctx).companyId;
  const [step] = await ctx.db.orm
    .select()
    .from(steps)
    .where(and(eq(steps.id, stepId), companyId == null ? isNull(steps.company_id) : eq(steps.company_id, companyId)));
  if (!step) throw validationFailed({ step_id: [questionRuleText(ctx.locale, 'stepNotFound')] });
  await assertParentEditable(ctx, step.survey_id);
  return step;
}

/** Rows sharing the question's ordering: its step, or its owner's default questions of the same kind. */
function siblingsOf(q: Pick<QuestionRow, 'step_id' | 'company_id' | 'default_for'>): SQL {
  if (q.step_id != null) return eq(questions.step_id, q.step_id);
  return and(
    q.company_id == null ? isNull(questions.company_id) : eq(questions.company_id, q.company_id),
    isNull(questions.survey_id),
    eq(questions.default_for, q.default_for!),
  )!;
}

function choiceValues(list: InlineChoice[], questionId: number, companyId: number | null) {
  return list.map((c, index) => ({
    question_id: questionId,
    company_id: companyId,
    label: c.label,
    value: c.value ?? c.label,
    position: index,
    score: c.score ?? null,
  }));
}

/** Creates a survey question (in a step) or a default question (with default_for), choices included. */
async function createQuestion(ctx: RequestContext, input: CreateQuestionInput): Promise<Row> {
  authorize(ctx.actor, 'permission', 'questions', 'create');
  const actor = requireStructureWriter(ctx);
  if ((input.step_id === undefined) === (input.default_for === undefined)) {
    throw validationFailed({ step_id: [questionRuleText(ctx.locale, 'stepOrDefault')] });
  }
  const type = checkQuestionType(input.type, ctx.locale);
  const settings = checkQuestionSettings(type, input.settings, ctx.locale);
  checkInlineChoices(type, input.choices, ctx.locale);
  const condition = checkConditionShape(input.condition, ctx.locale);
  await assertCategory(ctx, input.category_id);
  const step = input.step_id !== undefined ? await findTargetStep(ctx, input.step_id) : null;
  const placement = {
    survey_id: step?.survey_id ?? null,
    step_id: step?.id ?? null,
    company_id: actor.companyId,
    default_for: step ? null : input.default_for!,
  };
  const position = input.position ?? (await nextPosition(ctx.db, questions, siblingsOf(placement)));
  if (step) {
    await assertConditionOrder(ctx, step.survey_id, { added: { step_id: step.id, position, condition } }, 'condition');
  } else {
    await checkDefaultCondition(ctx.db, { companyId: actor.companyId, kind: placement.default_for!, position }, condition, ctx.locale);
  }
  const id = await withDbErrors(() =>
    ctx.db.transaction(async (tx) => {
      const [created] = await tx.orm
        .insert(questions)
        .values({
          ...placement,
          label: input.label,
          help: input.help ?? null,
          type,
          required: input.required ?? false,
          position,
          settings,
          condition,
          category_id: input.category_id ?? null,
        })
        .returning({ id: questions.id });
      if (input.choices?.length) await tx.orm.insert(choices).values(choiceValues(input.choices, created.id, actor.companyId));
      return created.id;
    }),
  );
  return base.find(ctx, id, { includes: ['choices'] });
}

async function prepareQuestionUpdate(ctx: RequestContext, input: UpdateQuestionInput, existingRow: Row): Promise<Row> {
  requireStructureWriter(ctx);
  const existing = await findEditableQuestion(ctx, existingRow.id as number);
  const values: Row = {};
  for (const key of ['label', 'help', 'required', 'category_id', 'position'] as const) {
    if (input[key] !== undefined) values[key] = input[key];
  }
  await assertCategory(ctx, input.category_id);
  const type = input.type !== undefined ? checkQuestionType(input.type, ctx.locale) : existing.type;
  if (input.type !== undefined) values.type = type;
  // A new type re-checks the settings it keeps; choices stay (a choice type may come back).
  if (input.settings !== undefined || input.type !== undefined) {
    values.settings = checkQuestionSettings(type, input.settings !== undefined ? input.settings : existing.settings, ctx.locale);
  }
  if (input.condition !== undefined) values.condition = checkConditionShape(input.condition, ctx.locale);
  if (existing.survey_id == null) {
    if (input.step_id !== undefined) throw validationFailed({ step_id: [questionRuleText(ctx.locale, 'defaultHasNoStep')] });
    if (input.default_for !== undefined) values.default_for = input.default_for;
    await checkDefaultCondition(
      ctx.db,
      {
        companyId: existing.company_id,
        kind: (values.default_for as QuestionRow['default_for']) ?? existing.default_for!,
        id: existing.id,
        position: (values.position as number | undefined) ?? existing.position,
      },
      values.condition !== undefined ? values.condition : existing.condition,
      ctx.locale,
    );
    return values;
  }
  if (input.default_for !== undefined) {
    throw validationFailed({ default_for: [questionRuleText(ctx.locale, 'onlyDefaultHasTarget')] });
  }
  if (input.step_id !== undefined && input.step_id !== existing.step_id) {
    const target = await findTargetStep(ctx, input.step_id);
    if (target.survey_id !== existing.survey_id) throw validationFailed({ step_id: [questionRuleText(ctx.locale, 'stepOfOtherForm')] });
    values.step_id = target.id;
    if (input.position === undefined) values.position = await nextPosition(ctx.db, questions, eq(questions.step_id, target.id));
  }
  if (values.condition !== undefined || values.step_id !== undefined || values.position !== undefined) {
    const change = new Map([[existing.id, { step_id: values.step_id as number | undefined, position: values.position as number | undefined, condition: values.condition }]]);
    await assertConditionOrder(ctx, existing.survey_id, { questions: change }, values.condition !== undefined ? 'condition' : 'position');
  }
  return values;
}

const base = createCrudService<CreateQuestionInput, UpdateQuestionInput>({
  def: questionQueryDef,
  table: questions,
  access: BY_PERMISSION,
  readScope: tenantQuery,
  // Creation goes through createQuestion (choices are inserted with the question).
  prepareCreate: () => {
    throw new Error('questions are created by questionsService.create');
  },
  prepareUpdate: prepareQuestionUpdate,
});

/** Questions of surveys and templates, and company default questions per target kind. */
export const questionsService: typeof base = {
  ...base,
  // Default questions (platform and company sets) are audited with each change (default-question-audit.ts).
  create(ctx, input) {
    if (input.default_for === undefined || input.step_id !== undefined) return createQuestion(ctx, input);
    return auditedDefaultChange(ctx, 'create', null, (txCtx) => createQuestion(txCtx, input));
  },
  async update(ctx, id, input) {
    authorize(ctx.actor, 'permission', 'questions', 'update');
    const existing = await findEditableQuestion(ctx, id);
    if (!isDefaultQuestion(existing)) return base.update(ctx, id, input);
    return auditedDefaultChange(ctx, 'update', existing, (txCtx) => base.update(txCtx, id, input));
  },
  async remove(ctx, id) {
    authorize(ctx.actor, 'permission', 'questions', 'delete');
    const question = await findEditableQuestion(ctx, id);
    if (question.survey_id != null) await assertNotReferenced(ctx, question.survey_id, [id]);
    if (!isDefaultQuestion(question)) {
      await ctx.db.orm.delete(questions).where(eq(questions.id, id));
      return;
    }
    await auditedDefaultChange(ctx, 'delete', question, async (txCtx) => {
      await txCtx.db.orm.delete(questions).where(eq(questions.id, id));
      return null;
    });
  },
  /** A copy with its choices right after the original; its condition still looks at earlier questions. */
  async duplicate(ctx, id) {
    authorize(ctx.actor, 'permission', 'questions', 'create');
    const q = await findEditableQuestion(ctx, id);
    if (isDefaultQuestion(q)) return auditedDefaultChange(ctx, 'duplicate', null, (txCtx) => duplicateQuestion(txCtx, q));
    return duplicateQuestion(ctx, q);
  },
};

/** The copy itself (see questionsService.duplicate). */
async function duplicateQuestion(ctx: RequestContext, q: QuestionRow): Promise<Row> {
    const copyId = await withDbErrors(() =>
      ctx.db.transaction(async (tx) => {
        const position = await makeRoomAfter(tx, questions, siblingsOf(q), q.position);
        const { id: _id, created_at: _c, updated_at: _u, ...rest } = q;
        const [copy] = await tx.orm
          .insert(questions)
          .values({ ...rest, label: copyName(ctx.locale, q.label, 1000), position })
          .returning({ id: questions.id });
        const own = await tx.orm.select().from(choices).where(eq(choices.question_id, q.id)).orderBy(choices.position, choices.id);
        if (own.length > 0) {
          await tx.orm.insert(choices).values(
            own.map((c) => ({ question_id: copy.id, company_id: c.company_id, label: c.label, value: c.value, position: c.position, score: c.score })),
          );
        }
        return copy.id;
      }),
    );
    return base.find(ctx, copyId, { includes: ['choices'] });
}

/** POST questions/{id}/changestate: active or inactive (toggles without a value). */
export async function changeQuestionState(ctx: RequestContext, id: number, state?: 'active' | 'inactive'): Promise<Row> {
  requirePermission(ctx, 'questions.changestate');
  const q = await findEditableQuestion(ctx, id);
  const next = state ?? (q.state === 'active' ? 'inactive' : 'active');
  const apply = async (c: RequestContext) => {
    await c.db.orm.update(questions).set({ state: next, updated_at: new Date() }).where(eq(questions.id, id));
    return base.find(c, id);
  };
  return isDefaultQuestion(q) ? auditedDefaultChange(ctx, 'state', q, apply) : apply(ctx);
}

/** POST questions/{id}/reorder {choice_ids}: the question's choices in their new order. */
export async function reorderQuestionChoices(ctx: RequestContext, id: number, choiceIds: number[]): Promise<Row> {
  requirePermission(ctx, 'choices.update');
  await findEditableQuestion(ctx, id);
  await applyOrder(ctx, choices, eq(choices.question_id, id), choiceIds, 'choice_ids');
  return base.find(ctx, id, { includes: ['choices'] });
}
