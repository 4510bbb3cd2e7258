import { isChoiceQuestionType } from '@app/contracts/survey-questions';
import { and, eq, isNull } from 'drizzle-orm';
import { choices, questions } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { authorize } from '../../../http/authorize';
import { BY_PERMISSION, createCrudService } from '../../../http/crud-service';
import { validationFailed } from '../../../http/errors';
import { tenantQuery } from '../../tenancy/companies/tenancy';
import { findEditableQuestion } from '../questions/questions.service';
import { assertNotReferencedChoice } from './choice-references';
import { assertParentEditable, findWritableRow, requireStructureWriter } from '../surveys/survey-guards';
import { nextPosition } from '../surveys/positions';
import { choiceQueryDef } from './choices.query';
import type { CreateChoiceInput, UpdateChoiceInput } from './choices.schemas';
import { questionRuleText } from '../questions/question-rules.texts';


/** The caller's choice question named by `question_id`, editable; 422 when it is not the caller's. */
async function findTargetQuestion(ctx: RequestContext, questionId: number) {
  const companyId = requireStructureWriter(ctx).companyId;
  const [question] = await ctx.db.orm
    .select()
    .from(questions)
    .where(and(eq(questions.id, questionId), companyId == null ? isNull(questions.company_id) : eq(questions.company_id, companyId)));
  if (!question) throw validationFailed({ question_id: [questionRuleText(ctx.locale, 'questionNotFound')] });
  await assertParentEditable(ctx, question.survey_id);
  if (!isChoiceQuestionType(question.type)) {
    throw validationFailed({ question_id: [questionRuleText(ctx.locale, 'noChoices', { type: question.type })] });
  }
  return question;
}

/** The caller's choice whose question may still change. */
async function findEditableChoice(ctx: RequestContext, id: number) {
  const choice = await findWritableRow(ctx, choices, id);
  const question = await findEditableQuestion(ctx, choice.question_id);
  return { choice, question };
}

const base = createCrudService<CreateChoiceInput, UpdateChoiceInput>({
  def: choiceQueryDef,
  table: choices,
  access: BY_PERMISSION,
  readScope: tenantQuery,
  async prepareCreate(ctx, input) {
    const question = await findTargetQuestion(ctx, input.question_id);
    return {
      question_id: question.id,
      label: input.label,
      value: input.value ?? input.label,
      score: input.score ?? null,
      position: input.position ?? (await nextPosition(ctx.db, choices, eq(choices.question_id, question.id))),
    };
  },
  async prepareUpdate(ctx, input, existing) {
    await findEditableChoice(ctx, existing.id as number);
    return {
      ...(input.label !== undefined && { label: input.label }),
      ...(input.value !== undefined && { value: input.value }),
      ...(input.position !== undefined && { position: input.position }),
      ...(input.score !== undefined && { score: input.score }),
    };
  },
});

/** Choices of choice questions, written only while their survey is draft or rejected. */
export const choicesService: typeof base = {
  ...base,
  async remove(ctx, id) {
    authorize(ctx.actor, 'permission', 'choices', 'delete');
    const { question } = await findEditableChoice(ctx, id);
    if (question.survey_id != null) await assertNotReferencedChoice(ctx, question.survey_id, question.id, id);
    await ctx.db.orm.delete(choices).where(eq(choices.id, id));
  },
};
delete (choicesService as Partial<typeof base>).duplicate;
