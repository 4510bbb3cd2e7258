import type { AnswerMap, Progress } from './answer-state';
import type { AnswerDefinition, AnswerQuestion, AnswerStep } from './answer-types';
import { headerOf } from './answer-screens';
import { h } from './dom';
import { M } from './messages';
import { type QuestionView, questionView } from './widgets/question-view';
import type { MediaService } from './widgets/widget-types';

export interface StepScreenOptions {
  definition: AnswerDefinition;
  step: AnswerStep;
  progress: Progress;
  answers: AnswerMap;
  visible: Set<number>;
  media: MediaService;
  /** The connection / save status line, kept across steps. */
  status: HTMLElement;
  onAnswer(question: AnswerQuestion, value: unknown, settled: boolean): void;
  onPrevious: (() => void) | null;
  onNext(): void;
}

export interface StepScreen {
  el: HTMLElement;
  views: Map<number, QuestionView>;
  /** Visibility or the number of steps changed after an answer. */
  update(progress: Progress, visible: Set<number>): void;
  showErrors(errors: Map<number, string>): void;
  setBusy(busy: boolean): void;
  setSummary(message: string | null): void;
}

function progressBar(progress: Progress) {
  const fill = h('div', { class: 'ans-progress-fill' });
  const label = h('p', { class: 'ans-progress-label' });
  const bar = h('div', { class: 'ans-progress', role: 'progressbar', 'aria-valuemin': 0, 'aria-valuemax': 100 }, fill);
  const set = (p: Progress) => {
    label.textContent = M.stepOf(p.position, p.total);
    fill.style.width = `${p.percent}%`;
    bar.setAttribute('aria-valuenow', String(p.percent));
    bar.setAttribute('aria-valuetext', M.stepOf(p.position, p.total));
  };
  set(progress);
  return { el: h('div', { class: 'ans-progress-wrap' }, label, bar), set };
}

/** One step: header with progress, the step's questions (hidden ones kept in place), navigation. */
export function stepScreen(o: StepScreenOptions): StepScreen {
  const progress = progressBar(o.progress);
  const views = new Map<number, QuestionView>();
  for (const q of o.step.questions) {
    const view = questionView({ question: q, value: o.answers[q.id], media: o.media, onChange: (value, settled) => o.onAnswer(q, value, settled) });
    view.setVisible(o.visible.has(q.id));
    views.set(q.id, view);
  }
  const summary = h('p', { class: 'ans-summary', role: 'alert', hidden: true });
  const next = h('button', { type: 'submit', class: 'ans-button ans-wide', 'data-testid': 'answer-next' });
  const setNextLabel = (p: Progress) => {
    next.textContent = p.isLast ? M.send : M.next;
  };
  setNextLabel(o.progress);
  const previous = o.onPrevious
    ? h('button', { type: 'button', class: 'ans-button ans-secondary', onClick: o.onPrevious, 'data-testid': 'answer-previous' }, M.previous)
    : null;
  const title = h('h2', { class: 'ans-step-title', tabindex: -1 }, o.step.title);
  const form = h(
    'form',
    {
      class: 'ans-card',
      novalidate: true,
      'data-step-id': String(o.step.id),
      onSubmit: (e: Event) => {
        e.preventDefault();
        o.onNext();
      },
    },
    title,
    o.step.description ? h('p', { class: 'ans-description' }, o.step.description) : null,
    [...views.values()].map((v) => v.el),
    summary,
    h('div', { class: 'ans-nav' }, previous, next),
  );
  const el = h('div', null, headerOf(o.definition, progress.el), o.status, form);
  return {
    el,
    views,
    update(p, visible) {
      progress.set(p);
      setNextLabel(p);
      for (const [id, view] of views) view.setVisible(visible.has(id));
    },
    showErrors(errors) {
      for (const [id, view] of views) view.setError(errors.get(id) ?? null);
      const first = [...views.values()].find((v) => errors.has(v.question.id) && !v.el.hidden);
      first?.focus();
    },
    setBusy(busy) {
      next.disabled = busy;
      if (previous) previous.disabled = busy;
      form.setAttribute('aria-busy', String(busy));
    },
    setSummary(message) {
      summary.textContent = message ?? '';
      summary.hidden = !message;
    },
  };
}

/** Puts keyboard and screen-reader focus on a new step's title. */
export function focusStepTitle(screen: StepScreen): void {
  const title = screen.el.querySelector<HTMLElement>('.ans-step-title');
  window.scrollTo?.(0, 0);
  title?.focus({ preventScroll: true });
}
