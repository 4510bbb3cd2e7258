import type { ParticipationAnswerResult, ParticipationRecord } from '@app/contracts/participation-views';
import type { QuestionType } from '@app/contracts/survey-question-types';
import type { SurveyStatus, SurveyTargetKind, SurveyType } from '@app/contracts/surveys';

/**
 * Rows as the surveys API returns them (DOMAIN.md "Surveys"). Timestamps are ISO
 * strings; settings are the stored JSON, read through the contracts' helpers.
 */
export interface Survey {
  id: number;
  /** The signed-in user pinned it: pinned surveys come first in the list. */
  pinned?: boolean;
  company_id: number | null;
  code: string;
  title: string;
  description: string | null;
  type: SurveyType;
  target_kind: SurveyTargetKind | null;
  status: SurveyStatus;
  active: boolean;
  availability: 'available' | 'unavailable';
  opens_at: string | null;
  closes_at: string | null;
  settings: Record<string, unknown>;
  is_template: boolean;
  premium?: boolean;
  /** GET surveys/type/template: a premium platform template this company's package does not open. */
  premium_locked?: boolean;
  price?: number | null;
  template_id?: number | null;
  category_id: number | null;
  author_agent_id: number | null;
  submitted_at?: string | null;
  published_at?: string | null;
  closed_at?: string | null;
  rejection_comment?: string | null;
  created_at: string;
  updated_at: string;
  steps?: Step[];
  questions?: Question[];
}

export interface Step {
  id: number;
  survey_id: number;
  title: string;
  description: string | null;
  position: number;
  state: 'active' | 'inactive';
}

export interface Choice {
  id: number;
  question_id: number;
  label: string;
  value: string;
  position: number;
  score: number | null;
}

export interface Question {
  id: number;
  survey_id: number | null;
  step_id: number | null;
  default_for?: SurveyTargetKind | null;
  label: string;
  help: string | null;
  type: QuestionType;
  required: boolean;
  position: number;
  settings: Record<string, unknown>;
  condition: Record<string, unknown> | null;
  state: 'active' | 'inactive';
  /** The question category it is filed under (a tree of kind `question`, filed by the platform's team). */
  category_id?: number | null;
  choices?: Choice[];
}

/** A step with its questions in answering order (the builder's working shape). */
export interface StepWithQuestions extends Step {
  questions: Question[];
}

export type { ParticipationStatus } from '@app/contracts/participation-views';
/** A participation as lists and details show it (contracts/participation-views). */
export type Participation = ParticipationRecord;

/** One question of a participation with its answer, as `participations/{id}/results` gives it. */
export type ParticipationAnswer = ParticipationAnswerResult;

export interface Contributor {
  id: number;
  participation_id: number | null;
  survey_id: number;
  agent_id: number | null;
  user_id: number | null;
  step_ids: number[];
  status: 'invited' | 'accepted' | 'done';
  agent?: { id: number; first_name?: string | null; last_name?: string | null; name?: string | null } | null;
}
