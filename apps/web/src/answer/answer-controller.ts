import { type SurveyTargetChoices, targetQueryValue } from '@app/contracts/targets';
/**
 * What the answering page does, without drawing: loads a survey, walks the respondent
 * through its steps, keeps every answer on the phone and hands participations to the
 * offline-tolerant queue. AnswerApp.tsx draws its `screen`; the controller announces
 * every change to it (subscribe), so the rules are the same on the public page and in
 * the signed-in app.
 */
import { readPosition } from './geolocation';
import { answerErrorsOf, firstInvalidStep, progressOf, questionError } from './answer-state';
import { AnswerSession } from './answer-session';
import { browserStore, cacheDefinition, cachedSurveyCode, type KeyValueStore, loadCachedDefinition } from './answer-storage';
import type { AnswerTransport } from './answer-transport';
import type { AnswerDefinition, AnswerQuestion, LinkContext, ParticipantInput, ParticipationBody } from './answer-types';
import { pruneKeptCopies } from './kept-files';
import { createMediaService, forgetFiles } from './media-service';
import { browserBlobStore, type BlobStore } from './media-store';
import { M } from './messages';
import { pageMirror } from './queue-mirror';
import type { MediaService } from './question-kit';
import { createSubmitQueue, QUEUE_KEY, type QueueEvent, queuedClientUuids, type SubmitQueue, TransportError } from './submit-queue';
import { rememberTargetLabel, selectTargetLabel } from './target-label';

export interface AnswerAppOptions {
  /** Survey code from the address (an id loads only for the company's agents); answers always send the code. */
  code: string;
  link: LinkContext;
  transport: AnswerTransport;
  store?: KeyValueStore;
  blobs?: BlobStore;
  queue?: SubmitQueue;
  sessionId?: string;
  /** Where "Se connecter" goes when the survey requires signing in. */
  signInHref?: string;
  onTitle?(title: string): void;
  /** The respondent picked what they evaluate (the link named nothing): e.g. keep it in the address. */
  onTargetChosen?(targetValue: string): void;
}

export type DoneState = { kind: 'sending' } | { kind: 'waiting' } | { kind: 'sent'; reference: number | null };

/** What a step shows besides its answers; `nonce` changes when focus must move (title or first error). */
export interface StepState {
  kind: 'step';
  summary: string | null;
  /** The summary is "N réponses sont à corriger": it follows the errors as they are fixed. */
  countsErrors: boolean;
  errors: Map<number, string>;
  busy: boolean;
  focus: 'title' | 'errors' | null;
  nonce: number;
}

/** The screen to draw. Texts are read from M when drawn, so a language switch redraws them. */
export type Screen =
  | { kind: 'loading' }
  | { kind: 'load-error'; error: { status: number | null; message: string } }
  | { kind: 'no-questions' }
  | { kind: 'intro' }
  /** An evaluation reached by its own link (no target in it): the respondent picks what they evaluate. */
  | { kind: 'pick-target' }
  | StepState
  | { kind: 'done'; state: DoneState; again: boolean }
  | { kind: 'rejected'; message: string };

export class AnswerController {
  screen: Screen = { kind: 'loading' };
  session: AnswerSession | null = null;
  /** Answers an older page queued wait on the phone for their survey's link (submit-queue hold). */
  held = false;
  readonly media: MediaService;
  private readonly store: KeyValueStore;
  private readonly blobs: BlobStore;
  private readonly queue: SubmitQueue;
  private readonly listeners = new Set<() => void>();
  private readonly cleanups: Array<() => void> = [];
  private dirty = false;
  private nonce = 0;
  private disposed = false;
  /** The link, with the target the respondent picked when it named none. */
  private link: LinkContext;

  constructor(private readonly o: AnswerAppOptions) {
    this.link = o.link;
    selectTargetLabel(o.link.target);
    this.store = o.store ?? browserStore();
    this.blobs = o.blobs ?? browserBlobStore();
    // One outbox per account: an anonymous participation must never be sent with a signed-in
    // account's credentials (the server would refuse it as someone else's key).
    this.queue =
      o.queue ??
      createSubmitQueue({
        transport: o.transport,
        store: this.store,
        blobs: this.blobs,
        storageKey: `${QUEUE_KEY}:${o.sessionId ?? 'public'}`,
        surveyCodeOf: (body) => this.codeOfQueued(body),
        // The public page's answers are copied for the service worker it installs
        // (service-worker.ts): they go when the network is back even with the page closed. A
        // signed-in page passes its account's outbox instead (`queue`, with its own copy).
        mirror: o.sessionId === undefined ? pageMirror({ signedIn: false }) : undefined,
      });
    this.media = createMediaService({
      transport: o.transport,
      blobs: this.blobs,
      clientUuid: () => this.session!.record.clientUuid,
      surveyCode: () => this.session!.definition.survey.code,
    });
  }

  /** Starts loading and listening (network, page visibility, the queue). */
  start(): void {
    // Copies of uploaded files a month old that no waiting participation needs: the space is for offline photos.
    const queued = queuedClientUuids(this.store);
    if (queued) void pruneKeptCopies(this.blobs, queued).catch(() => undefined);
    this.cleanups.push(this.queue.subscribe((event) => this.onQueueEvent(event)));
    const onOnline = () => {
      this.emit();
      void this.queue.flush();
    };
    const onOffline = () => this.emit();
    const onHide = () => {
      if (document.visibilityState === 'hidden') this.saveProgress();
      else void this.queue.flush();
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onHide);
    this.cleanups.push(() => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onHide);
    });
    void this.load();
  }

  destroy(): void {
    // Leaving the page inside the app (no unload event): hand the latest answers to the server too.
    this.saveProgress();
    this.disposed = true;
    for (const cleanup of this.cleanups) cleanup();
    if (!this.o.queue) this.queue.dispose();
    this.listeners.clear();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The connection / save status line. */
  get status(): string {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    return offline ? M.offlineBanner : this.session && !this.session.stored ? M.storageFull : '';
  }

  private emit() {
    if (this.disposed) return;
    for (const listener of this.listeners) listener();
  }

  private show(screen: Screen) {
    this.screen = screen;
    this.emit();
  }

  /** The code of the survey of an entry queued by an older page without it, when this page knows it. */
  private codeOfQueued(body: ParticipationBody): string | null {
    const here = this.session?.definition.survey;
    if (body.participation_id !== undefined) return here && this.session?.contributionTo === body.participation_id ? here.code : null;
    if (body.survey_id === undefined) return null;
    return here?.id === body.survey_id ? here.code : cachedSurveyCode(this.store, body.survey_id);
  }

  private showHeld() {
    this.held = this.queue.held() > 0;
    this.emit();
  }

  async load(): Promise<void> {
    const o = this.o;
    // A contribution to a participation belongs to the invited account: sign in first.
    if (o.link.participation && !o.sessionId) return this.show({ kind: 'load-error', error: new TransportError(M.contributorSignIn, 401) });
    this.show({ kind: 'loading' });
    let definition: AnswerDefinition;
    try {
      definition = await o.transport.loadDefinition(o.code);
      cacheDefinition(this.store, o.code, definition);
    } catch (raw) {
      const error = raw as TransportError;
      const cached = error.status === null ? loadCachedDefinition(this.store, o.code) : null;
      if (!cached) return this.show({ kind: 'load-error', error });
      definition = cached;
    }
    if (this.disposed) return;
    let session = new AnswerSession({ definition, code: o.code, link: this.link, store: this.store, sessionId: o.sessionId });
    const contributionTo = session.contributionTo;
    if (contributionTo !== null && o.transport.loadContribution) {
      // The contributor's steps and what the participation already holds in them; offline,
      // the link's steps (all when it names none) and the answers kept on the phone.
      const given = await o.transport.loadContribution(contributionTo).catch(() => null);
      if (given && given.step_ids.length > 0 && !o.link.steps && !o.link.can) {
        session = new AnswerSession({ definition, code: o.code, link: { ...o.link, steps: given.step_ids.join(',') }, store: this.store, sessionId: o.sessionId });
      }
      if (given) session.seedGiven(given);
    }
    if (this.disposed) return;
    this.session = session;
    o.onTitle?.(definition.survey.title);
    this.route();
    // This survey's held entries (from an older page) now have their code: they go now.
    void this.queue.flush().then(() => this.showHeld());
  }

  /** The screen the saved record calls for. */
  private route() {
    const s = this.session!;
    if (s.record.submittedAt) return this.showDone();
    if (s.model.steps.length === 0) return this.show({ kind: 'no-questions' });
    if (s.needsTarget) return this.show({ kind: 'pick-target' });
    if (!s.record.started) return this.show({ kind: 'intro' });
    this.showStep();
  }

  /** What the survey's own link may be answered about, found by name or code (picker). */
  findTargets(query: string): Promise<SurveyTargetChoices> {
    const s = this.session!;
    if (!this.o.transport.loadTargets) return Promise.reject(new TransportError(() => M.noServer, null));
    return this.o.transport.loadTargets(s.definition.survey.code, query);
  }

  /**
   * The respondent picked what they evaluate: the page goes on as if the link had named it
   * (its own saved answers, the target's name above the questions, the target sent).
   */
  chooseTarget(choice: SurveyTargetChoices['targets'][number]): void {
    const s = this.session!;
    const value = targetQueryValue(choice.kind, choice.id);
    rememberTargetLabel(value, choice.name, choice.site_name);
    selectTargetLabel(value);
    this.link = { ...this.link, target: value };
    this.session = new AnswerSession({ definition: s.definition, code: this.o.code, link: this.link, store: this.store, sessionId: this.o.sessionId });
    this.o.onTargetChosen?.(value);
    this.route();
  }

  setParticipant(p: ParticipantInput): void {
    const s = this.session!;
    s.record = { ...s.record, participant: p };
    s.save();
  }

  begin(p: ParticipantInput): void {
    const s = this.session!;
    s.record = { ...s.record, participant: p, started: true };
    s.save();
    this.showStep();
  }

  /**
   * The current step. Errors shown with focus move it to the first of them; a summary
   * alone leaves focus where it is; otherwise the step's title takes it.
   */
  showStep(summary?: string | null, errors?: Map<number, string>, focus = true, countsErrors = false) {
    const s = this.session!;
    const step = s.currentStep();
    if (!step) return this.show({ kind: 'no-questions' });
    if (s.record.stepId !== step.id) s.goTo(step.id);
    const moveFocus = !focus ? null : errors?.size ? 'errors' : summary ? null : 'title';
    this.show({ kind: 'step', summary: summary ?? null, countsErrors, errors: errors ?? new Map(), busy: false, focus: moveFocus, nonce: ++this.nonce });
  }

  private updateStep(change: Partial<Omit<StepState, 'kind'>>) {
    if (this.screen.kind !== 'step') return;
    this.show({ ...this.screen, ...change });
  }

  /**
   * The screen again in the current words (after a language switch): the errors on show
   * are checked anew (a server's message nobody can re-check stays as it was), and focus
   * stays where it is.
   */
  refresh() {
    const screen = this.screen;
    if (screen.kind !== 'step' || !this.session) return this.emit();
    const shown = new Map<number, string>();
    for (const [id, text] of screen.errors) {
      const q = this.session.model.byId.get(id);
      shown.set(id, (q && questionError(q, this.session.record.answers[id])) ?? text);
    }
    this.showStep(shown.size ? M.fixErrors(shown.size) : undefined, shown, false, shown.size > 0);
  }

  answer(question: AnswerQuestion, value: unknown, settled: boolean) {
    const s = this.session!;
    s.setAnswer(question.id, value);
    this.dirty = true;
    if (this.screen.kind !== 'step') return this.emit();
    const message = questionError(question, s.record.answers[question.id]);
    // While typing only clear an error; a finished change shows its error at once.
    if (!settled && message) return this.emit();
    const errors = new Map(this.screen.errors);
    if (message) errors.set(question.id, message);
    else errors.delete(question.id);
    this.updateStep({ errors, focus: null, ...this.errorCount(errors) });
  }

  /** The "N réponses sont à corriger" summary again, after the errors changed (none: gone). */
  private errorCount(errors: Map<number, string>): Partial<StepState> {
    if (this.screen.kind !== 'step' || !this.screen.countsErrors) return {};
    return errors.size ? { summary: M.fixErrors(errors.size) } : { summary: null, countsErrors: false };
  }

  previous(): void {
    this.move(-1);
  }

  private move(delta: number) {
    const s = this.session!;
    const steps = s.steps();
    const index = steps.findIndex((x) => x.id === s.record.stepId);
    const target = steps[index + delta];
    if (!target) return;
    s.goTo(target.id);
    this.saveProgress();
    this.showStep();
  }

  /** A partial save to the server (in_progress) when something changed since the last one. */
  private saveProgress() {
    if (!this.dirty || !this.session || this.session.record.submittedAt) return;
    this.dirty = false;
    void this.queue.enqueue(this.session.body('in_progress'));
  }

  async next(): Promise<void> {
    const s = this.session!;
    if (this.screen.kind !== 'step') return;
    const steps = s.steps();
    const step = steps.find((x) => x.id === s.record.stepId);
    if (!step) return this.showStep();
    const invalid = firstInvalidStep({ ...s.model, steps: [step] }, s.record.answers);
    if (invalid) return this.updateStep({ summary: M.fixErrors(invalid.errors.size), countsErrors: true, errors: invalid.errors, focus: 'errors', nonce: ++this.nonce });
    this.updateStep({ summary: null, countsErrors: false });
    if (!progressOf(steps, step.id).isLast) return this.move(1);
    const anywhere = firstInvalidStep(s.model, s.record.answers);
    if (anywhere) {
      s.goTo(anywhere.step.id);
      return this.showStep(M.fixErrors(anywhere.errors.size), anywhere.errors, true, true);
    }
    await this.submit();
  }

  private async submit() {
    const s = this.session!;
    const required = s.definition.survey.settings.geolocation_required;
    if ((required || s.isFieldVisit) && !s.body('submitted').geolocation) {
      this.updateStep({ busy: true, summary: M.locating, countsErrors: false, focus: null });
      try {
        s.record = { ...s.record, geolocation: await readPosition() };
        s.save();
      } catch (error) {
        // A visit without a position is still sent (the server flags it for review);
        // a survey that requires the position waits for it.
        if (required) return this.updateStep({ busy: false, summary: (error as Error).message, countsErrors: false });
      }
    }
    s.record = { ...s.record, submittedAt: new Date().toISOString() };
    s.save();
    this.dirty = false;
    this.showDone('sending');
    await this.queue.enqueue(s.body('submitted'));
  }

  private showDone(kind?: 'sending' | 'waiting') {
    const s = this.session!;
    const waiting = this.queue.pending(s.record.clientUuid);
    const state: DoneState =
      s.record.reference !== null || (!waiting && !kind) ? { kind: 'sent', reference: s.record.reference } : { kind: kind ?? 'waiting' };
    this.show({ kind: 'done', state, again: !s.definition.survey.settings.one_per_person });
  }

  /** Sends what waits now (the "retry now" button). */
  retrySending(): void {
    void this.queue.flush();
  }

  /** Another participation in place of the finished one. */
  again(): void {
    const s = this.session!;
    const previous = s.record.clientUuid;
    s.restart();
    // Sent (or refused for good): its files are no longer needed. Still waiting, the
    // queue drops its copies once the submission is acknowledged.
    if (!this.queue.pending(previous)) void forgetFiles(this.blobs, previous);
    this.route();
  }

  private onQueueEvent(event: QueueEvent) {
    this.showHeld();
    const s = this.session;
    if (!s || event.clientUuid !== s.record.clientUuid) return;
    if (event.type === 'media-uploaded') {
      s.resolveMedia(event.questionId, event.media);
      return this.emit();
    }
    if (event.type === 'media-replaced') {
      s.replaceMedia(event.questionId, event.previousId, event.media);
      return this.emit();
    }
    if (event.type === 'media-failed') {
      s.setAnswer(event.questionId, null);
      if (this.screen.kind === 'step') {
        const errors = new Map(this.screen.errors).set(event.questionId, event.message);
        this.updateStep({ errors, focus: null, ...this.errorCount(errors) });
      }
      return;
    }
    if (!event.final) {
      if (event.type === 'rejected' && event.error.status === 409) this.updateStep({ summary: event.error.message, countsErrors: false, focus: null });
      return;
    }
    if (event.type === 'sent') {
      // The company's number, not the platform's id (a contribution's receipt has none to show).
      s.record = { ...s.record, reference: event.receipt.number ?? null };
      s.save();
      return this.showDone();
    }
    // Held never happens to this page's own entries (they name the survey by code): kept, it waits.
    if (event.type === 'waiting' || event.type === 'held') return this.showDone('waiting');
    this.onFinalRejected(event.error);
  }

  /** The server refused the submission: back to the answers with its messages, nothing lost. */
  private onFinalRejected(error: TransportError) {
    const s = this.session!;
    // Sent earlier (the answer to that request was lost): the participation is stored.
    if (error.code === 'already_submitted') return this.showDone();
    s.record = { ...s.record, submittedAt: null };
    s.save();
    if (error.status === 401) return this.show({ kind: 'load-error', error });
    // Refused as a whole (already answered, closed meanwhile...): say why, answers kept.
    if (error.status !== 422) return this.show({ kind: 'rejected', message: error.message });
    const errors = answerErrorsOf(error.details);
    const step = s.model.steps.find((st) => st.questions.some((q) => errors.has(q.id)));
    if (step) s.goTo(step.id);
    const other = Object.entries(error.details ?? {}).find(([k]) => !k.startsWith('answers.'))?.[1]?.[0];
    this.showStep(other ?? error.message, errors);
  }
}
