import type { SurveyTargetKind } from '@app/contracts/targets';
import { parseTargetQueryValue, targetQueryValue } from '@app/contracts/targets';
/**
 * One respondent's participation on this phone: the survey model, the saved record
 * and what to send. No DOM here, so the resume, condition and queue rules are tested
 * without a browser.
 */
import type { ContributorStartView } from '@app/contracts/participation-views';
import { isAnswerEmpty } from '@app/contracts/survey-answers';
import {
  type AnswerMap,
  type AnswerModel,
  answersPayload,
  createModel,
  isPendingMedia,
  isUploadedMedia,
  parseStepIds,
  resumeStep,
  visibleQuestionIds,
  visibleSteps,
} from './answer-state';
import { type AnswerRecord, type KeyValueStore, loadRecord, newRecord, recordKey, saveRecord } from './answer-storage';
import type { AnswerDefinition, AnswerStep, GeoAnswer, LinkContext, ParticipationBody, UploadedMedia } from './answer-types';

export interface AnswerSessionOptions {
  definition: AnswerDefinition;
  code: string;
  link: LinkContext;
  store: KeyValueStore;
  /** The signed-in account's session id (its answers are kept apart from anonymous ones). */
  sessionId?: string;
}

export class AnswerSession {
  readonly model: AnswerModel;
  readonly key: string;
  record: AnswerRecord;
  /** False once the browser refused to store (full): the page warns the respondent. */
  stored = true;

  constructor(private readonly o: AnswerSessionOptions) {
    this.model = createModel(o.definition, parseStepIds(o.link.steps ?? o.link.can));
    this.key = recordKey(o.code, { sessionId: o.sessionId, participation: o.link.participation, target: this.target ? targetQueryValue(this.target.kind, this.target.id) : undefined });
    this.record = loadRecord(o.store, this.key);
  }

  get definition(): AnswerDefinition {
    return this.o.definition;
  }

  /** The evaluated object the link names (only evaluation surveys send it). */
  get target(): { kind: SurveyTargetKind; id: number } | null {
    return this.o.definition.survey.type === 'evaluation' ? parseTargetQueryValue(this.o.link.target) : null;
  }

  /**
   * An evaluation opened by the survey's own link (its Partage tab, its QR code): nothing
   * names what is evaluated, and the server refuses it unnamed, so the respondent picks it
   * first. A contributor completes a participation that already has its target.
   */
  get needsTarget(): boolean {
    return this.o.definition.survey.type === 'evaluation' && this.target === null && this.contributionTo === null && !this.o.link.participation;
  }

  /**
   * A field visit: a signed-in agent evaluating a site or a workspace. Its position is
   * read before sending so the server can check it against the site's geofence.
   */
  get isFieldVisit(): boolean {
    const kind = this.target?.kind;
    return Boolean(this.o.sessionId) && (kind === 'site' || kind === 'workspace');
  }

  /** The participation an invited contributor fills their steps of (signed in only), or null. */
  get contributionTo(): number | null {
    const id = Number(this.o.link.participation);
    return this.o.sessionId && Number.isSafeInteger(id) && id > 0 ? id : null;
  }

  /** Contact fields are asked of anonymous respondents, unless the survey hides identities anyway. */
  get asksContact(): boolean {
    return !this.o.sessionId && !this.o.link.participation && !this.o.definition.survey.settings.anonymous;
  }

  save(): void {
    this.stored = saveRecord(this.o.store, this.key, this.record);
  }

  visible(): Set<number> {
    return visibleQuestionIds(this.model, this.record.answers);
  }

  steps(visible = this.visible()): AnswerStep[] {
    return visibleSteps(this.model, visible);
  }

  /** The step to show now (the saved one after a reload). */
  currentStep(): AnswerStep | null {
    return resumeStep(this.model, this.steps(), this.record.stepId);
  }

  setAnswer(questionId: number, value: unknown): void {
    const answers: AnswerMap = { ...this.record.answers };
    if (isAnswerEmpty(value)) delete answers[questionId];
    else answers[questionId] = value;
    this.record = { ...this.record, answers };
    this.save();
  }

  /** A file queued offline was uploaded: keep its media id instead of the pending marker. */
  resolveMedia(questionId: number, media: UploadedMedia, pendingKey?: string): void {
    const current = this.record.answers[questionId];
    if (!isPendingMedia(current) || (pendingKey && current.pending !== pendingKey)) return;
    this.setAnswer(questionId, { id: media.id, name: media.name ?? current.name });
  }

  /** A file the server no longer knew was sent again: keep its new media id. */
  replaceMedia(questionId: number, previousId: number, media: UploadedMedia): void {
    const current = this.record.answers[questionId];
    if (!isUploadedMedia(current) || current.id !== previousId) return;
    this.setAnswer(questionId, { id: media.id, name: media.name ?? current.name });
  }

  /**
   * An invited contributor's form starts from what the participation already holds in
   * their steps (GET contributions/participation/{id}); once only, and never over an
   * answer already in this phone's record.
   */
  seedGiven(given: ContributorStartView): void {
    if (this.record.seeded || this.record.submittedAt || given.participation_id !== this.contributionTo) return;
    const asked = new Set(this.model.steps.flatMap((step) => step.questions.map((q) => q.id)));
    const answers: AnswerMap = { ...this.record.answers };
    for (const answer of given.answers) {
      if (!asked.has(answer.question_id) || answers[answer.question_id] !== undefined || isAnswerEmpty(answer.value)) continue;
      answers[answer.question_id] = answer.media ? { id: answer.media.id, name: answer.media.name ?? undefined } : answer.value;
    }
    this.record = { ...this.record, answers, seeded: true };
    this.save();
  }

  goTo(stepId: number): void {
    this.record = { ...this.record, stepId };
    this.save();
  }

  body(status: ParticipationBody['status']): ParticipationBody {
    const r = this.record;
    const participationId = this.contributionTo;
    if (participationId !== null) {
      // The code goes with the queued entry for its files' uploads (POST medias wants it
      // from anyone but the company's agents); the contribution request itself leaves it out.
      return {
        participation_id: participationId,
        survey_code: this.o.definition.survey.code,
        client_uuid: r.clientUuid,
        status,
        answers: answersPayload(this.model, r.answers),
      };
    }
    const participant = this.asksContact && Object.keys(r.participant).length ? r.participant : null;
    return {
      survey_code: this.o.definition.survey.code,
      client_uuid: r.clientUuid,
      status,
      answers: answersPayload(this.model, r.answers),
      participant,
      ref: this.o.link.ref ?? null,
      src: this.o.link.src ?? null,
      ...(this.target && { target: this.target }),
      geolocation: r.geolocation ?? this.answeredPosition(),
      ...(status === 'submitted' && r.submittedAt ? { made_at: r.submittedAt } : {}),
    };
  }

  /** Where the respondent was, from a visible geolocation answer when the survey did not ask apart. */
  private answeredPosition(): GeoAnswer | null {
    const visible = this.visible();
    for (const q of this.model.questions) {
      const value = this.record.answers[q.id] as GeoAnswer | undefined;
      if (q.type === 'geolocation' && visible.has(q.id) && typeof value?.latitude === 'number') return value;
    }
    return null;
  }

  /** A new participation on the same phone (a field agent's next respondent): new client_uuid. */
  restart(): void {
    this.record = newRecord();
    this.save();
  }
}
