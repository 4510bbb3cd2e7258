/**
 * What the answering page reads from `GET surveys/{code}/participate` (the server's
 * ParticipationDefinition), kept to the fields the page uses.
 */
export interface AnswerChoice {
  id: number;
  label: string;
  value?: string | null;
  score?: number | null;
}

export interface AnswerQuestion {
  id: number;
  step_id: number | null;
  label: string;
  help?: string | null;
  type: string;
  required: boolean;
  settings: Record<string, unknown> | null;
  condition?: unknown;
  choices: AnswerChoice[];
}

export interface AnswerStep {
  id: number;
  title: string;
  description?: string | null;
  questions: AnswerQuestion[];
}

export interface AnswerSurveySettings {
  anonymous?: boolean;
  sign_in_required?: boolean;
  one_per_person?: boolean;
  geolocation_required?: boolean;
  collaborative?: boolean;
}

export interface AnswerDefinition {
  survey: {
    id: number;
    code: string;
    title: string;
    description?: string | null;
    type: string;
    settings: AnswerSurveySettings;
  };
  company?: { id?: number; name: string; logo?: string | null } | null;
  steps: AnswerStep[];
}

/** A point from navigator.geolocation, as answers and participations carry it. */
export interface GeoAnswer {
  latitude: number;
  longitude: number;
  accuracy: number | null;
}

/** A file answer chosen while offline: the blob waits in the media store under `pending`. */
export interface PendingMedia {
  pending: string;
  name: string;
}

/** A file answer once uploaded (`POST medias`): the server wants the id. */
export interface UploadedMedia {
  id: number;
  name?: string;
}

export interface ParticipantInput {
  name?: string;
  phone?: string;
  email?: string;
}

/** Values carried from the public link to the contribution page (section 2). */
export interface LinkContext {
  ref?: string;
  src?: string;
  participant?: string;
  participation?: string;
  steps?: string;
  can?: string;
  /** The evaluated object, `workspace:12`, set by the landing page of a target's QR code. */
  target?: string;
}

/** The body of a participation submission (partial save or submit), idempotent by client_uuid. */
export interface ParticipationBody {
  /**
   * The survey's public code: the server takes the numeric id from the company's agents
   * only. A contribution keeps it too, for its files' uploads alone (POST medias wants
   * it): contributionOf leaves it out of the contribution request.
   */
  survey_code?: string;
  /** Only in entries queued by older pages, which named the survey by id (see submit-queue). */
  survey_id?: number;
  client_uuid: string;
  status: 'in_progress' | 'submitted';
  answers: Array<{ question_id: number; value: unknown }>;
  participant?: ParticipantInput | null;
  ref?: string | null;
  src?: string | null;
  geolocation?: GeoAnswer | null;
  /** The evaluated object of an evaluation survey (DOMAIN.md "Evaluation targets"). */
  target?: { kind: string; id: number } | null;
  device_ref?: string | null;
  /**
   * When the respondent pressed "Envoyer", by the phone's clock: a visit made offline and
   * sent hours later keeps the time it was made (the server bounds it, API.md).
   */
  made_at?: string | null;
  /**
   * Set for an invited contributor's part of an existing participation (the contribution
   * page's `participation`): the transport sends it to `POST contributions` instead.
   */
  participation_id?: number;
}

/** `POST contributions`: a contributor's answers to their steps of a participation. */
export interface ContributionBody {
  participation_id: number;
  client_uuid: string;
  answers: Array<{ question_id: number; value: unknown }>;
  /** Finished: their required questions are enforced. */
  done: boolean;
}

/** The contribution request of a body that names a participation: only the fields POST contributions reads. */
export function contributionOf(body: ParticipationBody & { participation_id: number }): ContributionBody {
  return { participation_id: body.participation_id, client_uuid: body.client_uuid, answers: body.answers, done: body.status === 'submitted' };
}

/** What the server answers for a stored participation (the fields the page uses). */
export interface ParticipationReceipt {
  id: number;
  /** Its number in the survey's company: the reference the end screen shows ("N°"). */
  number?: number | null;
  status: string;
  client_uuid?: string;
  submitted_at?: string | null;
}
