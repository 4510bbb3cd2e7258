import type { AnswerQuestion } from '../answer-types';
import { h, uid } from '../dom';
import { M } from '../messages';
import { choiceListWidget, dropdownWidget, yesNoWidget } from './choice-widgets';
import { geolocationWidget } from './geolocation-widget';
import { matrixWidget } from './matrix-widget';
import { mediaWidget } from './media-widget';
import { rankingWidget } from './ranking-widget';
import { ratingWidget, scaleWidget } from './scale-widgets';
import { signatureWidget } from './signature-widget';
import { textWidget } from './text-widgets';
import { FIELD_TYPES, type MediaService, type WidgetContext } from './widget-types';

const WIDGETS: Record<string, (ctx: WidgetContext) => HTMLElement> = {
  single_choice: choiceListWidget,
  multiple_choice: choiceListWidget,
  dropdown: dropdownWidget,
  yes_no: yesNoWidget,
  rating: ratingWidget,
  scale: scaleWidget,
  ranking: rankingWidget,
  matrix: matrixWidget,
  file: mediaWidget,
  photo: mediaWidget,
  signature: signatureWidget,
  geolocation: geolocationWidget,
};

export interface QuestionView {
  question: AnswerQuestion;
  el: HTMLElement;
  setError(message: string | null): void;
  /** The message on show under the question, if any. */
  errorText(): string | null;
  setVisible(visible: boolean): void;
  focus(): void;
}

export interface QuestionViewOptions {
  question: AnswerQuestion;
  value: unknown;
  media: MediaService;
  onChange(value: unknown, settled: boolean): void;
}

/** One question: its label, help, control and error line, wired for screen readers. */
export function questionView(options: QuestionViewOptions): QuestionView {
  const q = options.question;
  const inputId = uid(`q${q.id}`);
  const helpId = `${inputId}-help`;
  const errorId = `${inputId}-error`;
  const isField = FIELD_TYPES.has(q.type);
  const error = h('p', { id: errorId, class: 'ans-error', 'aria-live': 'polite' });
  let widgetMessage: string | null = null;
  let valueMessage: string | null = null;
  const paint = () => {
    const message = widgetMessage ?? valueMessage;
    error.textContent = message ?? '';
    el.classList.toggle('has-error', Boolean(message));
    el.querySelectorAll('input, textarea, select').forEach((c) => {
      if (message) c.setAttribute('aria-invalid', 'true');
      else c.removeAttribute('aria-invalid');
    });
  };
  const widget = (WIDGETS[q.type] ?? textWidget)({
    question: q,
    value: options.value,
    inputId,
    describedBy: q.help ? `${helpId} ${errorId}` : errorId,
    onChange: options.onChange,
    media: options.media,
    reportError: (message) => {
      widgetMessage = message;
      paint();
    },
  });
  const title = [q.label, q.required ? h('span', { class: 'ans-required', 'aria-label': M.required }, ' *') : null];
  const help = q.help ? h('p', { id: helpId, class: 'ans-help' }, q.help) : null;
  const el = isField
    ? h('div', { class: 'ans-question', 'data-question-id': String(q.id) }, h('label', { class: 'ans-label', for: inputId }, title), help, widget, error)
    : h('fieldset', { class: 'ans-question', 'data-question-id': String(q.id) }, h('legend', { class: 'ans-label' }, title), help, widget, error);
  return {
    question: q,
    el,
    setError(message) {
      valueMessage = message;
      if (message === null) widgetMessage = null;
      paint();
    },
    errorText() {
      return widgetMessage ?? valueMessage;
    },
    setVisible(visible) {
      el.hidden = !visible;
    },
    focus() {
      const target = (document.getElementById(inputId) ?? el.querySelector('input, select, textarea, button')) as HTMLElement | null;
      el.scrollIntoView?.({ block: 'center' });
      target?.focus({ preventScroll: true });
    },
  };
}
