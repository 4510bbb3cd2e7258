/**
 * Surveys as both sides see them (DOMAIN.md "Surveys"): kinds, statuses, the lifecycle
 * state machine and the survey settings. The server enforces the machine; the builder
 * uses `allowedSurveyActions` to show only the buttons that will work.
 */
import { z } from 'zod';

export const SURVEY_TYPES = ['form', 'evaluation', 'contribution'] as const;
export type SurveyType = (typeof SURVEY_TYPES)[number];

// What an evaluation evaluates: defined with the targets (no zod there, for the answering page).
export { SURVEY_TARGET_KINDS, type SurveyTargetKind } from './targets';

export const SURVEY_STATUSES = ['draft', 'submitted', 'published', 'rejected', 'closed'] as const;
export type SurveyStatus = (typeof SURVEY_STATUSES)[number];

/**
 * A template's state (templates only): a platform template is built in draft, offered to
 * companies once published, and retired when it should no longer be offered (kept for the
 * surveys made from it). A company's own templates start published.
 */
export const TEMPLATE_STATES = ['draft', 'published', 'retired'] as const;
export type TemplateState = (typeof TEMPLATE_STATES)[number];

/** The package feature that opens premium platform templates (commerce catalogue). */
export const PREMIUM_TEMPLATES_FEATURE = 'premium_templates';

export const SURVEY_TYPE_LABELS: Record<SurveyType, string> = {
  form: 'Formulaire',
  evaluation: 'Évaluation',
  contribution: 'Formulaire collaboratif',
};

/** Status-changing actions: POST surveys/{id}/{action}. */
export const SURVEY_TRANSITIONS = {
  submit: { from: ['draft', 'rejected'], to: 'submitted' },
  // From draft or rejected it submits and publishes at once, when the company's policy
  // requires no approval (survey-lifecycle.service.ts); from submitted it decides.
  publish: { from: ['draft', 'rejected', 'submitted'], to: 'published' },
  reject: { from: ['submitted'], to: 'rejected' },
  close: { from: ['published'], to: 'closed' },
} as const satisfies Record<string, { from: readonly SurveyStatus[]; to: SurveyStatus }>;
export type SurveyTransition = keyof typeof SURVEY_TRANSITIONS;

/** The structure (steps, questions, choices) can change only in these statuses. */
export const SURVEY_EDITABLE_STATUSES: readonly SurveyStatus[] = ['draft', 'rejected'];

export function isSurveyEditable(status: string): boolean {
  return (SURVEY_EDITABLE_STATUSES as readonly string[]).includes(status);
}

/** Whether `action` may run from `status`. */
export function canTransition(action: SurveyTransition, status: string): boolean {
  return (SURVEY_TRANSITIONS[action].from as readonly string[]).includes(status);
}

/** Lifecycle buttons the builder may show for a survey (toggles are always allowed). */
export function allowedSurveyActions(survey: { status: string; is_template?: boolean }): Array<SurveyTransition | 'active' | 'changeavailability'> {
  if (survey.is_template) return [];
  const transitions = (Object.keys(SURVEY_TRANSITIONS) as SurveyTransition[]).filter((a) => canTransition(a, survey.status));
  return [...transitions, 'active', 'changeavailability'];
}

const settingsShape = {
  /** Answers are shown without the respondent's identity in results and exports. */
  anonymous: z.boolean(),
  /** Only signed-in users may answer (no anonymous participant from a QR code). */
  sign_in_required: z.boolean(),
  /** At most one participation per user (signed in) or per participant contact. */
  one_per_person: z.boolean(),
  geolocation_required: z.boolean(),
  /** Several contributors fill one participation (contributors, contributions). */
  collaborative: z.boolean(),
  /** Submitted participations after which the survey stops accepting new ones. */
  quota: z.number().int().positive().max(10_000_000).nullable(),
};

/** Survey settings (stored with defaults applied). */
export const surveySettingsSchema = z.object({
  anonymous: settingsShape.anonymous.default(false),
  sign_in_required: settingsShape.sign_in_required.default(false),
  one_per_person: settingsShape.one_per_person.default(false),
  geolocation_required: settingsShape.geolocation_required.default(false),
  collaborative: settingsShape.collaborative.default(false),
  quota: settingsShape.quota.default(null),
});

/** Settings a client sends: only the keys to change (no defaults filled in). */
export const surveySettingsPatchSchema = z.object(settingsShape).partial().strict();
export type SurveySettings = z.output<typeof surveySettingsSchema>;

/** Settings with defaults; unreadable stored settings fall back to the defaults. */
export function readSurveySettings(settings: unknown): SurveySettings {
  const parsed = surveySettingsSchema.safeParse(settings ?? {});
  return parsed.success ? parsed.data : surveySettingsSchema.parse({});
}

/** Why a survey does not accept participations right now (null: it does). */
export type SurveyRefusal = 'not_published' | 'closed' | 'inactive' | 'unavailable' | 'not_open_yet' | 'expired' | 'quota_reached' | 'company_unavailable';

export const SURVEY_REFUSAL_MESSAGES: Record<SurveyRefusal, string> = {
  not_published: "Ce formulaire n'est pas publié.",
  closed: 'Ce formulaire est clôturé : il ne reçoit plus de réponses.',
  inactive: 'Ce formulaire est désactivé pour le moment.',
  unavailable: "Ce formulaire n'est pas disponible pour le moment.",
  not_open_yet: "Ce formulaire n'est pas encore ouvert aux réponses.",
  expired: 'La période de réponse à ce formulaire est terminée.',
  quota_reached: 'Ce formulaire a atteint le nombre maximal de réponses.',
  company_unavailable: "L'entreprise de ce formulaire n'est pas disponible pour le moment.",
};

/** The path of a survey's public link (the web rewrites it to the contribution page). */
export function surveyPublicPath(code: string): string {
  return `/m/su/${encodeURIComponent(code)}`;
}
