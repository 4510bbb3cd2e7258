/**
 * The answering page: loads a survey, walks the respondent through its steps, keeps
 * every answer on the phone and hands participations to the offline-tolerant queue.
 * Mounted by the public entry (answer.html) and by the signed-in survey pages.
 */
import { answerErrorsOf, firstInvalidStep, progressOf, questionError } from './answer-state';
import { AnswerSession } from './answer-session';
import { doneScreen, introScreen, loadErrorScreen, loadingScreen, messageScreen } from './answer-screens';
import { browserStore, cacheDefinition, cachedSurveyCode, type KeyValueStore, loadCachedDefinition } from './answer-storage';
import type { AnswerTransport } from './answer-transport';
import type { AnswerDefinition, AnswerQuestion, LinkContext, ParticipationBody } from './answer-types';
import { h, replace } from './dom';
import { pruneKeptCopies } from './kept-files';
import { createMediaService, forgetFiles } from './media-service';
import { browserBlobStore, type BlobStore } from './media-store';
import { M } from './messages';
import { focusStepTitle, type StepScreen, stepScreen } from './step-screen';
import { createSubmitQueue, QUEUE_KEY, type QueueEvent, queuedClientUuids, type SubmitQueue, TransportError } from './submit-queue';
import { readPosition } from './widgets/geolocation-widget';
import { selectTargetLabel } from './target-label';

export interface AnswerAppOptions {
  container: HTMLElement;
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
}

export interface AnswerApp {
  /** Draws the current screen again (after a language switch); answers and position are kept. */
  refresh(): void;
  destroy(): void;
}

export function mountAnswerApp(o: AnswerAppOptions): AnswerApp {
  selectTargetLabel(o.link.target);
  const store = o.store ?? browserStore();
  const blobs = o.blobs ?? browserBlobStore();
  let session: AnswerSession | null = null;
  /** The code of the survey of an entry queued by an older page without it, when this page knows it. */
  const codeOfQueued = (body: ParticipationBody): string | null => {
    const here = session?.definition.survey;
    if (body.participation_id !== undefined) return here && session?.contributionTo === body.participation_id ? here.code : null;
    if (body.survey_id === undefined) return null;
    return here?.id === body.survey_id ? here.code : cachedSurveyCode(store, body.survey_id);
  };
  // One outbox per account: an anonymous participation must never be sent with a signed-in
  // account's credentials (the server would refuse it as someone else's key).
  const queue =
    o.queue ??
    createSubmitQueue({
      transport: o.transport,
      store,
      blobs,
      storageKey: `${QUEUE_KEY}:${o.sessionId ?? 'public'}`,
      surveyCodeOf: codeOfQueued,
    });
  // Copies of uploaded files a month old that no waiting participation needs: the space is for offline photos.
  const queued = queuedClientUuids(store);
  if (queued) void pruneKeptCopies(blobs, queued).catch(() => undefined);
  const root = h('div', { class: 'ans' });
  /** Says that answers an older page queued wait on the phone for their survey's link (submit-queue hold). */
  const held = h('p', { class: 'ans-status is-warning', role: 'status', hidden: true, 'data-testid': 'answer-held' });
  /** Where the screens are drawn, below the held-answers notice. */
  const view = h('div');
  root.append(held, view);
  o.container.append(root);
  const status = h('p', { class: 'ans-status', role: 'status', 'aria-live': 'polite' });
  let screen: StepScreen | null = null;
  let dirty = false;
  /** How the current screen was drawn, to draw it again in another language. */
  let redraw: (() => void) | null = null;

  const show = (el: HTMLElement) => {
    screen = null;
    replace(view, el);
  };
  const draw = (paint: () => void) => {
    redraw = paint;
    paint();
  };
  const setStatus = () => {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    status.textContent = offline ? M.offlineBanner : session && !session.stored ? M.storageFull : '';
    status.classList.toggle('is-warning', Boolean(status.textContent));
  };
  const showHeld = () => {
    held.hidden = queue.held() === 0;
    held.textContent = held.hidden ? '' : M.heldAnswers;
  };

  async function load() {
    // A contribution to a participation belongs to the invited account: sign in first.
    if (o.link.participation && !o.sessionId) return showLoadError(new TransportError(M.contributorSignIn, 401));
    draw(() => show(loadingScreen()));
    let definition: AnswerDefinition;
    try {
      definition = await o.transport.loadDefinition(o.code);
      cacheDefinition(store, o.code, definition);
    } catch (raw) {
      const error = raw as TransportError;
      const cached = error.status === null ? loadCachedDefinition(store, o.code) : null;
      if (!cached) return showLoadError(error);
      definition = cached;
    }
    session = new AnswerSession({ definition, code: o.code, link: o.link, store, sessionId: o.sessionId });
    const contributionTo = session.contributionTo;
    if (contributionTo !== null && o.transport.loadContribution) {
      // The contributor's steps and what the participation already holds in them; offline,
      // the link's steps (all when it names none) and the answers kept on the phone.
      const given = await o.transport.loadContribution(contributionTo).catch(() => null);
      if (given && given.step_ids.length > 0 && !o.link.steps && !o.link.can) {
        session = new AnswerSession({ definition, code: o.code, link: { ...o.link, steps: given.step_ids.join(',') }, store, sessionId: o.sessionId });
      }
      if (given) session.seedGiven(given);
    }
    o.onTitle?.(definition.survey.title);
    route();
    // This survey's held entries (from an older page) now have their code: they go now.
    void queue.flush().then(showHeld);
  }

  function showLoadError(error: TransportError) {
    draw(() => show(loadErrorScreen(error, { contribution: Boolean(o.link.participation), signInHref: o.signInHref, retry: () => void load() })));
  }

  /** The screen the saved record calls for. */
  function route() {
    const s = session!;
    if (s.record.submittedAt) return showDone();
    if (s.model.steps.length === 0) return draw(() => show(messageScreen(s.definition.survey.title, M.noQuestions)));
    if (!s.record.started) return draw(showIntro);
    showStep();
  }

  function showIntro() {
    const s = session!;
    show(
      introScreen({
        definition: s.definition,
        askContact: s.asksContact,
        participant: s.record.participant,
        resumed: Object.keys(s.record.answers).length > 0,
        onParticipant: (p) => {
          s.record = { ...s.record, participant: p };
          s.save();
        },
        onStart: (p) => {
          s.record = { ...s.record, participant: p, started: true };
          s.save();
          showStep();
        },
      }),
    );
  }

  const media = createMediaService({
    transport: o.transport,
    blobs,
    clientUuid: () => session!.record.clientUuid,
    surveyCode: () => session!.definition.survey.code,
  });

  function showStep(summary?: string, errors?: Map<number, string>, focus = true) {
    const s = session!;
    redraw = redrawStep;
    const step = s.currentStep();
    if (!step) return show(messageScreen(s.definition.survey.title, M.noQuestions));
    if (s.record.stepId !== step.id) s.goTo(step.id);
    const steps = s.steps();
    const index = steps.findIndex((x) => x.id === step.id);
    setStatus();
    const next = stepScreen({
      definition: s.definition,
      step,
      progress: progressOf(steps, step.id),
      answers: s.record.answers,
      visible: s.visible(),
      media,
      status,
      onAnswer,
      onPrevious: index > 0 ? () => move(-1) : null,
      onNext: () => void onNext(),
    });
    replace(view, next.el);
    screen = next;
    // Errors shown again after a language switch must not pull focus from the switch.
    if (errors?.size && focus) next.showErrors(errors);
    else for (const [id, message] of errors ?? []) next.views.get(id)?.setError(message);
    if (summary) next.setSummary(summary);
    else if (focus) focusStepTitle(next);
  }

  /**
   * The step again in the current words: the errors on show are checked anew (a server's
   * message nobody can re-check stays as it was), and focus stays where it is.
   */
  function redrawStep() {
    const shown = new Map<number, string>();
    for (const [id, view] of screen?.views ?? []) {
      const text = view.errorText();
      if (text) shown.set(id, questionError(view.question, session!.record.answers[id]) ?? text);
    }
    showStep(shown.size ? M.fixErrors(shown.size) : undefined, shown, false);
  }

  function onAnswer(question: AnswerQuestion, value: unknown, settled: boolean) {
    const s = session!;
    s.setAnswer(question.id, value);
    dirty = true;
    setStatus();
    if (!screen) return;
    const visible = s.visible();
    screen.update(progressOf(s.steps(visible), s.record.stepId), visible);
    const view = screen.views.get(question.id);
    const message = questionError(question, s.record.answers[question.id]);
    // While typing only clear an error; a finished change shows its error at once.
    if (settled || !message) view?.setError(message);
  }

  function move(delta: number) {
    const s = session!;
    const steps = s.steps();
    const index = steps.findIndex((x) => x.id === s.record.stepId);
    const target = steps[index + delta];
    if (!target) return;
    s.goTo(target.id);
    saveProgress();
    showStep();
  }

  /** A partial save to the server (in_progress) when something changed since the last one. */
  function saveProgress() {
    if (!dirty || !session || session.record.submittedAt) return;
    dirty = false;
    void queue.enqueue(session.body('in_progress'));
  }

  async function onNext() {
    const s = session!;
    if (!screen) return;
    const steps = s.steps();
    const step = steps.find((x) => x.id === s.record.stepId);
    if (!step) return showStep();
    const invalid = firstInvalidStep({ ...s.model, steps: [step] }, s.record.answers);
    if (invalid) {
      screen.setSummary(M.fixErrors(invalid.errors.size));
      screen.showErrors(invalid.errors);
      return;
    }
    screen.setSummary(null);
    if (!progressOf(steps, step.id).isLast) return move(1);
    const anywhere = firstInvalidStep(s.model, s.record.answers);
    if (anywhere) {
      s.goTo(anywhere.step.id);
      return showStep(M.fixErrors(anywhere.errors.size), anywhere.errors);
    }
    await submit();
  }

  async function submit() {
    const s = session!;
    const required = s.definition.survey.settings.geolocation_required;
    if ((required || s.isFieldVisit) && !s.body('submitted').geolocation) {
      screen?.setBusy(true);
      screen?.setSummary(M.locating);
      try {
        s.record = { ...s.record, geolocation: await readPosition() };
        s.save();
      } catch (error) {
        // A visit without a position is still sent (the server flags it for review);
        // a survey that requires the position waits for it.
        if (required) {
          screen?.setBusy(false);
          return screen?.setSummary((error as Error).message);
        }
      }
    }
    s.record = { ...s.record, submittedAt: new Date().toISOString() };
    s.save();
    dirty = false;
    showDone('sending');
    await queue.enqueue(s.body('submitted'));
  }

  function showDone(kind?: 'sending' | 'waiting') {
    const s = session!;
    const waiting = queue.pending(s.record.clientUuid);
    const state =
      s.record.reference !== null || (!waiting && !kind)
        ? ({ kind: 'sent', reference: s.record.reference } as const)
        : ({ kind: kind ?? 'waiting' } as const);
    const again = s.definition.survey.settings.one_per_person
      ? undefined
      : () => {
          const previous = s.record.clientUuid;
          s.restart();
          // Sent (or refused for good): its files are no longer needed. Still waiting, the
          // queue drops its copies once the submission is acknowledged.
          if (!queue.pending(previous)) void forgetFiles(blobs, previous);
          route();
        };
    draw(() => show(doneScreen(s.definition, state, { retry: () => void queue.flush(), again })));
  }

  function onQueueEvent(event: QueueEvent) {
    showHeld();
    const s = session;
    if (!s || event.clientUuid !== s.record.clientUuid) return;
    if (event.type === 'media-uploaded') return s.resolveMedia(event.questionId, event.media);
    if (event.type === 'media-replaced') return s.replaceMedia(event.questionId, event.previousId, event.media);
    if (event.type === 'media-failed') {
      s.setAnswer(event.questionId, null);
      return screen?.views.get(event.questionId)?.setError(event.message);
    }
    if (!event.final) {
      if (event.type === 'rejected' && event.error.status === 409) screen?.setSummary(event.error.message);
      return;
    }
    if (event.type === 'sent') {
      s.record = { ...s.record, reference: event.receipt.id };
      s.save();
      return showDone();
    }
    // Held never happens to this page's own entries (they name the survey by code): kept, it waits.
    if (event.type === 'waiting' || event.type === 'held') return showDone('waiting');
    onFinalRejected(event.error);
  }

  /** The server refused the submission: back to the answers with its messages, nothing lost. */
  function onFinalRejected(error: TransportError) {
    const s = session!;
    // Sent earlier (the answer to that request was lost): the participation is stored.
    if (error.code === 'already_submitted') return showDone();
    s.record = { ...s.record, submittedAt: null };
    s.save();
    if (error.status === 401) return showLoadError(error);
    // Refused as a whole (already answered, closed meanwhile...): say why, answers kept.
    if (error.status !== 422)
      return draw(() => show(messageScreen(M.rejectedTitle, error.message, { label: M.reviewAnswers, onClick: () => showStep() }, 'answer-rejected')));
    const errors = answerErrorsOf(error.details);
    const step = s.model.steps.find((st) => st.questions.some((q) => errors.has(q.id)));
    if (step) s.goTo(step.id);
    const other = Object.entries(error.details ?? {}).find(([k]) => !k.startsWith('answers.'))?.[1]?.[0];
    showStep(other ?? error.message, errors);
  }

  const unsubscribe = queue.subscribe(onQueueEvent);
  const onOnline = () => {
    setStatus();
    void queue.flush();
  };
  const onHide = () => {
    if (document.visibilityState === 'hidden') saveProgress();
    else void queue.flush();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', setStatus);
  document.addEventListener('visibilitychange', onHide);
  void load();

  return {
    refresh() {
      setStatus();
      showHeld();
      redraw?.();
    },
    destroy() {
      // Leaving the page inside the app (no unload event): hand the latest answers to the server too.
      saveProgress();
      unsubscribe();
      if (!o.queue) queue.dispose();
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', setStatus);
      document.removeEventListener('visibilitychange', onHide);
      root.remove();
    },
  };
}
