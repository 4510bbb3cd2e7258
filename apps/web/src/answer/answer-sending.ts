/**
 * The answering page's send queue, as the page sees it (answer-controller.ts draws nothing
 * of it by itself): the outbox it opens (one per account), the code of entries queued by an
 * older page, the "done" screen's state, and what each event of the queue does to the page
 * (a photo sent or refused, the receipt, a refusal brought back to the answers).
 */
import type { AnswerSession } from './answer-session';
import { answerErrorsOf } from './answer-state';
import { cachedSurveyCode, type KeyValueStore } from './answer-storage';
import type { AnswerTransport } from './answer-transport';
import type { ParticipationBody } from './answer-types';
import type { DoneState, Screen } from './answer-controller';
import type { BlobStore } from './media-store';
import { pageMirror } from './queue-mirror';
import { createSubmitQueue, QUEUE_KEY, type QueueEvent, type SubmitQueue, type TransportError } from './submit-queue';

/** What the sending needs of the page: its session, and ways to show what happened. */
export interface SendingPage {
  session(): AnswerSession | null;
  /** Draw again (the held answers, a photo's state). */
  emit(): void;
  show(screen: Screen): void;
  /** An error under one question of the current step (a photo that could not be sent). */
  showQuestionError(questionId: number, message: string): void;
  /** The current step's summary line (a conflict on a partial save). */
  showSummary(message: string): void;
  /** Back to the step holding the errors, with the server's message. */
  showStep(summary: string, errors: Map<number, string>): void;
}

export interface SendingOptions {
  transport: AnswerTransport;
  store: KeyValueStore;
  blobs: BlobStore;
  /** A signed-in page's account outbox; the public page opens its own. */
  queue?: SubmitQueue;
  sessionId?: string;
}

export class AnswerSending {
  readonly queue: SubmitQueue;
  /** Answers an older page queued wait on the phone for their survey's link (submit-queue hold). */
  held = false;

  constructor(
    private readonly o: SendingOptions,
    private readonly page: SendingPage,
  ) {
    // One outbox per account: an anonymous participation must never be sent with a signed-in
    // account's credentials (the server would refuse it as someone else's key).
    this.queue =
      o.queue ??
      createSubmitQueue({
        transport: o.transport,
        store: o.store,
        blobs: o.blobs,
        storageKey: `${QUEUE_KEY}:${o.sessionId ?? 'public'}`,
        surveyCodeOf: (body) => this.codeOfQueued(body),
        // The public page's answers are copied for the service worker it installs
        // (service-worker.ts): they go when the network is back even with the page closed. A
        // signed-in page passes its account's outbox instead (`queue`, with its own copy).
        mirror: o.sessionId === undefined ? pageMirror({ signedIn: false }) : undefined,
      });
  }

  /** Listens to the queue until the returned function is called. */
  listen(): () => void {
    return this.queue.subscribe((event) => this.onQueueEvent(event));
  }

  /** Closes the queue the page opened itself (an account's outbox outlives the page). */
  dispose(): void {
    if (!this.o.queue) this.queue.dispose();
  }

  /** The code of the survey of an entry queued by an older page without it, when this page knows it. */
  private codeOfQueued(body: ParticipationBody): string | null {
    const session = this.page.session();
    const here = session?.definition.survey;
    if (body.participation_id !== undefined) return here && session?.contributionTo === body.participation_id ? here.code : null;
    if (body.survey_id === undefined) return null;
    return here?.id === body.survey_id ? here.code : cachedSurveyCode(this.o.store, body.survey_id);
  }

  showHeld(): void {
    this.held = this.queue.held() > 0;
    this.page.emit();
  }

  /** The "done" screen of the session: sent with its reference, or still sending / waiting. */
  doneScreen(session: AnswerSession, kind?: 'sending' | 'waiting'): Screen {
    const waiting = this.queue.pending(session.record.clientUuid);
    const state: DoneState =
      session.record.reference !== null || (!waiting && !kind) ? { kind: 'sent', reference: session.record.reference } : { kind: kind ?? 'waiting' };
    return { kind: 'done', state, again: !session.definition.survey.settings.one_per_person };
  }

  private onQueueEvent(event: QueueEvent) {
    this.showHeld();
    const s = this.page.session();
    if (!s || event.clientUuid !== s.record.clientUuid) return;
    if (event.type === 'media-uploaded') {
      s.resolveMedia(event.questionId, event.media);
      return this.page.emit();
    }
    if (event.type === 'media-replaced') {
      s.replaceMedia(event.questionId, event.previousId, event.media);
      return this.page.emit();
    }
    if (event.type === 'media-failed') {
      s.setAnswer(event.questionId, null);
      return this.page.showQuestionError(event.questionId, event.message);
    }
    if (!event.final) {
      if (event.type === 'rejected' && event.error.status === 409) this.page.showSummary(event.error.message);
      return;
    }
    if (event.type === 'sent') {
      // The company's number, not the platform's id (a contribution's receipt has none to show).
      s.record = { ...s.record, reference: event.receipt.number ?? null };
      s.save();
      return this.page.show(this.doneScreen(s));
    }
    // Held never happens to this page's own entries (they name the survey by code): kept, it waits.
    if (event.type === 'waiting' || event.type === 'held') return this.page.show(this.doneScreen(s, 'waiting'));
    this.onFinalRejected(s, event.error);
  }

  /** The server refused the submission: back to the answers with its messages, nothing lost. */
  private onFinalRejected(s: AnswerSession, error: TransportError) {
    // Sent earlier (the answer to that request was lost): the participation is stored.
    if (error.code === 'already_submitted') return this.page.show(this.doneScreen(s));
    s.record = { ...s.record, submittedAt: null };
    s.save();
    if (error.status === 401) return this.page.show({ kind: 'load-error', error });
    // Refused as a whole (already answered, closed meanwhile...): say why, answers kept.
    if (error.status !== 422) return this.page.show({ kind: 'rejected', message: error.message });
    const errors = answerErrorsOf(error.details);
    const step = s.model.steps.find((st) => st.questions.some((q) => errors.has(q.id)));
    if (step) s.goTo(step.id);
    const other = Object.entries(error.details ?? {}).find(([k]) => !k.startsWith('answers.'))?.[1]?.[0];
    this.page.showStep(other ?? error.message, errors);
  }
}
