import type { QuestionType } from '@app/contracts/survey-question-types';
import type { Choice, Question, Step, Survey } from '../survey.types';

/** A draft form with no structure; override what a test needs. */
export function makeSurvey(extra: Partial<Survey> = {}): Survey {
  return {
    id: 1,
    company_id: 10,
    code: 'ABCD2345',
    title: 'Satisfaction',
    description: null,
    type: 'form',
    target_kind: null,
    status: 'draft',
    active: true,
    availability: 'available',
    opens_at: null,
    closes_at: null,
    settings: {},
    is_template: false,
    category_id: null,
    author_agent_id: 7,
    created_at: '2026-05-01T08:00:00.000Z',
    updated_at: '2026-05-01T08:00:00.000Z',
    ...extra,
  };
}

export function makeStep(id: number, position: number, extra: Partial<Step> = {}): Step {
  return { id, survey_id: 1, title: `Étape ${id}`, description: null, position, state: 'active', ...extra };
}

export function makeChoice(id: number, questionId: number, label: string, position: number, score: number | null = null): Choice {
  return { id, question_id: questionId, label, value: label.toLowerCase(), position, score };
}

export function makeQuestion(id: number, stepId: number, position: number, type: QuestionType = 'short_text', extra: Partial<Question> = {}): Question {
  return {
    id,
    survey_id: 1,
    step_id: stepId,
    label: `Question ${id}`,
    help: null,
    type,
    required: false,
    position,
    settings: {},
    condition: null,
    state: 'active',
    choices: [],
    ...extra,
  };
}

// The fake API moved to the shared test helpers; re-exported for the survey tests.
export { fakeApi } from '../../../test/fake-api';
