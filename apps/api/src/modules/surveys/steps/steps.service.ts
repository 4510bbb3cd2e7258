import { asc, eq } from 'drizzle-orm';
import { questions, steps } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { authorize } from '../../../http/authorize';
import { BY_PERMISSION, createCrudService } from '../../../http/crud-service';
import { withDbErrors } from '../../../http/db-errors';
import { requirePermission, tenantQuery } from '../../tenancy/companies/tenancy';
import { assertConditionOrder, assertNotReferenced, questionIdsOfSteps } from '../surveys/condition-order';
import { copyName } from '../../../http/copy-name';
import { applyOrder, makeRoomAfter, nextPosition } from '../surveys/positions';
import { assertParentEditable, findEditableSurvey, findWritableRow, requireStructureWriter } from '../surveys/survey-guards';
import { cloneQuestions, listSurveyQuestions, remapConditions } from '../surveys/survey-structure';
import { stepQueryDef } from './steps.query';
import type { CreateStepInput, UpdateStepInput } from './steps.schemas';

type Row = Record<string, unknown>;

/** The caller's step whose survey may still change, or 404/409. */
async function findEditableStep(ctx: RequestContext, id: number) {
  const step = await findWritableRow(ctx, steps, id);
  await assertParentEditable(ctx, step.survey_id);
  return step;
}

const base = createCrudService<CreateStepInput, UpdateStepInput>({
  def: stepQueryDef,
  table: steps,
  access: BY_PERMISSION,
  readScope: tenantQuery,
  async prepareCreate(ctx, input) {
    const survey = await findEditableSurvey(ctx, input.survey_id, 'survey_id');
    return {
      survey_id: survey.id,
      title: input.title,
      description: input.description ?? null,
      position: input.position ?? (await nextPosition(ctx.db, steps, eq(steps.survey_id, survey.id))),
    };
  },
  async prepareUpdate(ctx, input, existing) {
    requireStructureWriter(ctx);
    await assertParentEditable(ctx, existing.survey_id as number);
    if (input.position !== undefined) {
      const stepPositions = new Map([[existing.id as number, input.position]]);
      await assertConditionOrder(ctx, existing.survey_id as number, { stepPositions }, 'position');
    }
    return {
      ...(input.title !== undefined && { title: input.title }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.position !== undefined && { position: input.position }),
    };
  },
});

/** Steps: ordered pages of a survey, written only while the survey is draft or rejected. */
export const stepsService: typeof base = {
  ...base,
  async remove(ctx, id) {
    authorize(ctx.actor, 'permission', 'steps', 'delete');
    const step = await findEditableStep(ctx, id);
    await assertNotReferenced(ctx, step.survey_id, await questionIdsOfSteps(ctx.db, [id]));
    await ctx.db.orm.delete(steps).where(eq(steps.id, id));
  },
  /** A copy of the step with its questions and choices, placed right after it. */
  async duplicate(ctx, id) {
    authorize(ctx.actor, 'permission', 'steps', 'create');
    const step = await findEditableStep(ctx, id);
    const copyId = await withDbErrors(() =>
      ctx.db.transaction(async (tx) => {
        const position = await makeRoomAfter(tx, steps, eq(steps.survey_id, step.survey_id), step.position);
        const [copy] = await tx.orm
          .insert(steps)
          .values({
            survey_id: step.survey_id,
            company_id: step.company_id,
            title: copyName(ctx.locale, step.title, 200),
            description: step.description,
            position,
            state: step.state,
          })
          .returning({ id: steps.id });
        const source = await tx.orm
          .select()
          .from(questions)
          .where(eq(questions.step_id, step.id))
          .orderBy(asc(questions.position), asc(questions.id));
        const maps = await cloneQuestions(tx, source, (q) => ({
          survey_id: step.survey_id,
          step_id: copy.id,
          company_id: step.company_id,
          position: q.position,
        }));
        await remapConditions(tx, source, maps, await listSurveyQuestions(tx, step.survey_id));
        return copy.id;
      }),
    );
    return base.find(ctx, copyId);
  },
};

/** POST steps/{id}/changestate: active or inactive (toggles without a value). */
export async function changeStepState(ctx: RequestContext, id: number, state?: 'active' | 'inactive'): Promise<Row> {
  requirePermission(ctx, 'steps.changestate');
  const step = await findEditableStep(ctx, id);
  const next = state ?? (step.state === 'active' ? 'inactive' : 'active');
  await ctx.db.orm.update(steps).set({ state: next, updated_at: new Date() }).where(eq(steps.id, id));
  return base.find(ctx, id);
}

/** POST steps/{id}/reorder {question_ids}: the step's questions in their new order. */
export async function reorderStepQuestions(ctx: RequestContext, id: number, questionIds: number[]): Promise<Row> {
  requirePermission(ctx, 'questions.update');
  const step = await findEditableStep(ctx, id);
  const placement = new Map(questionIds.map((questionId, index) => [questionId, { position: index }]));
  await applyOrder(ctx, questions, eq(questions.step_id, id), questionIds, 'question_ids', () =>
    assertConditionOrder(ctx, step.survey_id, { questions: placement }, 'question_ids'),
  );
  return base.find(ctx, id, { includes: ['questions'] });
}
