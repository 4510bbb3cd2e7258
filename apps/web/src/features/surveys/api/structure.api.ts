import type { QuestionType } from '@app/contracts/survey-question-types';
import type { SurveyTargetKind } from '@app/contracts/surveys';
import { api } from '../../../lib/api-client';
import type { Choice, Question, Step } from '../survey.types';

export interface StepInput {
  survey_id?: number;
  title: string;
  description?: string | null;
  position?: number;
}

/** The editable fields of a question (its place is given at creation only). */
export interface QuestionFields {
  label: string;
  help?: string | null;
  type: QuestionType;
  required: boolean;
  settings: Record<string, unknown>;
  /** Absent: left as stored. */
  condition?: Record<string, unknown> | null;
}

/**
 * A new question: in a step (survey question) or with `default_for` (a company default
 * question), never both; choice types may carry their choices.
 */
export interface QuestionCreateInput extends QuestionFields {
  step_id?: number;
  default_for?: SurveyTargetKind;
  position?: number;
  choices?: Array<{ label: string; value?: string; score?: number | null }>;
}

export interface ChoiceInput {
  question_id?: number;
  label: string;
  value: string;
  score: number | null;
  position: number;
}

export const createStep = (input: StepInput) => api.post<Step>('steps', input);
export const updateStep = (id: number, input: Partial<StepInput>) => api.post<Step>(`steps/${id}`, input);
export const deleteStep = (id: number) => api.delete<null>(`steps/${id}`);
export const duplicateStep = (id: number) => api.post<Step>(`steps/${id}/duplicate`);

export const createQuestion = (input: QuestionCreateInput) => api.post<Question>('questions', input);
export const updateQuestion = (id: number, input: Partial<QuestionFields> & { position?: number }) =>
  api.post<Question>(`questions/${id}`, input);
export const deleteQuestion = (id: number) => api.delete<null>(`questions/${id}`);
export const duplicateQuestion = (id: number) => api.post<Question>(`questions/${id}/duplicate`);

export const createChoice = (input: ChoiceInput) => api.post<Choice>('choices', input);
export const updateChoice = (id: number, input: Partial<ChoiceInput>) => api.post<Choice>(`choices/${id}`, input);
export const deleteChoice = (id: number) => api.delete<null>(`choices/${id}`);

/** New order of a survey's steps (ids in order). */
export const reorderSteps = (surveyId: number, stepIds: number[]) =>
  api.post<Step[]>(`surveys/${surveyId}/reorder`, { step_ids: stepIds });

/** New order of a step's questions (ids in order). */
export const reorderQuestions = (stepId: number, questionIds: number[]) =>
  api.post<Question[]>(`steps/${stepId}/reorder`, { question_ids: questionIds });

/** New order of a question's choices (ids in order). */
export const reorderChoices = (questionId: number, choiceIds: number[]) =>
  api.post<Choice[]>(`questions/${questionId}/reorder`, { choice_ids: choiceIds });
