/**
 * One question as a respondent answers it: label (or legend), help, the control of its
 * family and the error line, wired for screen readers. The only drawing of question
 * types in the product: the answering pages and the builder's preview both use it.
 */
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useId, useState } from 'react';
import type { AnswerQuestion } from '../answer-types';
import { M, type PageText } from '../messages';
import { FIELD_TYPES, type MediaService } from '../question-kit';
import { ChoiceList, Dropdown, YesNo } from './ChoiceInputs';
import { GeolocationInput } from './GeolocationInput';
import { MatrixInput } from './MatrixInput';
import { MediaInput } from './MediaInput';
import { RankingInput } from './RankingInput';
import { Rating, Scale } from './ScaleInputs';
import { TextInput } from './TextInput';
import type { WidgetProps } from './widget-props';

type WidgetModule = { default: ComponentType<WidgetProps> };
let signatureChunk: Promise<WidgetModule> | null = null;

/**
 * Few surveys ask for a signature: its canvas code is a chunk of its own. The page fetches
 * it as soon as a survey with a signature opens (preloadQuestionCode), while the network is
 * there: a field agent often signs at the end of a visit, offline by then. A failed fetch
 * is tried again on the next call.
 */
function loadSignatureInput(): Promise<WidgetModule> {
  signatureChunk ??= import('./SignatureInput').catch((error: unknown) => {
    signatureChunk = null;
    throw error;
  });
  return signatureChunk;
}

/** Fetches now the code the survey's questions will need (the signature pad's chunk). */
export function preloadQuestionCode(questions: Iterable<Pick<AnswerQuestion, 'type'>>): void {
  for (const q of questions) {
    if (q.type === 'signature') return void loadSignatureInput().catch(() => undefined);
  }
}

// React.lazy keeps a failed load for good: a new one is made for each try again.
let SignatureInput = lazy(loadSignatureInput);

/**
 * The signature pad's code could not be fetched (offline): the question says so and offers
 * to try again, instead of the error emptying the whole page.
 */
class LazyWidgetBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div>
        <p className="ans-error" role="alert">
          {M.offlineText}
        </p>
        <button
          type="button"
          className="ans-button ans-secondary"
          onClick={() => {
            SignatureInput = lazy(loadSignatureInput);
            this.setState({ failed: false });
          }}
        >
          {M.retry}
        </button>
      </div>
    );
  }
}

const WIDGETS: Record<string, ComponentType<WidgetProps>> = {
  single_choice: ChoiceList,
  multiple_choice: ChoiceList,
  dropdown: Dropdown,
  yes_no: YesNo,
  rating: Rating,
  scale: Scale,
  ranking: RankingInput,
  matrix: MatrixInput,
  file: MediaInput,
  photo: MediaInput,
  signature: (props) => <SignatureInput {...props} />,
  geolocation: GeolocationInput,
};

export interface QuestionFieldProps {
  question: AnswerQuestion;
  value: unknown;
  /** The message about the value (required, format...), null when none is on show. */
  error: string | null;
  /** `settled`: the change is complete (a tap, leaving a field) and may be checked at once. */
  onChange(value: unknown, settled: boolean): void;
  media: MediaService;
  /** Hidden by a display condition: kept in place (its answer too), not shown. */
  hidden?: boolean;
}

export function QuestionField({ question: q, value, error, onChange, media, hidden }: QuestionFieldProps) {
  // Ids valid in CSS selectors too (useId's own characters are not).
  const inputId = `ans${useId().replace(/[^a-zA-Z0-9]/g, '')}q${q.id}`;
  const helpId = `${inputId}-help`;
  const errorId = `${inputId}-error`;
  // A message from the control itself (a refused file, a denied position): a new answer clears it.
  // Held in an object: React would call a function given to a state setter.
  const [widgetError, setWidgetError] = useState<{ text: PageText } | null>(null);
  const message = widgetError?.text() ?? error;
  const Widget = WIDGETS[q.type] ?? TextInput;
  const title = (
    <>
      {q.label}
      {q.required ? (
        // biome-ignore lint/a11y/useAriaPropsSupportedByRole: read as "obligatoire" instead of the star, as the page always did.
        <span className="ans-required" aria-label={M.required}>
          {' *'}
        </span>
      ) : null}
    </>
  );
  const body = (
    <>
      {q.help ? (
        <p id={helpId} className="ans-help">
          {q.help}
        </p>
      ) : null}
      <LazyWidgetBoundary>
        <Suspense fallback={<p className="ans-hint">{M.loading}</p>}>
          <Widget
            question={q}
            value={value}
            inputId={inputId}
            describedBy={q.help ? `${helpId} ${errorId}` : errorId}
            invalid={Boolean(message)}
            onChange={(next, settled) => {
              if (settled) setWidgetError(null);
              onChange(next, settled);
            }}
            reportError={(text) => setWidgetError(text ? { text } : null)}
            media={media}
          />
        </Suspense>
      </LazyWidgetBoundary>
      <p id={errorId} className="ans-error" aria-live="polite">
        {message ?? ''}
      </p>
    </>
  );
  const common = { className: message ? 'ans-question has-error' : 'ans-question', 'data-question-id': String(q.id), 'data-input-id': inputId, hidden };
  if (FIELD_TYPES.has(q.type)) {
    return (
      <div {...common}>
        <label className="ans-label" htmlFor={inputId}>
          {title}
        </label>
        {body}
      </div>
    );
  }
  return (
    <fieldset {...common}>
      <legend className="ans-label">{title}</legend>
      {body}
    </fieldset>
  );
}

/** Puts focus on a question's first control (after a refused step), scrolled into view. */
export function focusQuestion(container: ParentNode, questionId: number): boolean {
  const el = container.querySelector<HTMLElement>(`[data-question-id="${questionId}"]`);
  if (!el || el.hidden) return false;
  const id = el.getAttribute('data-input-id');
  const target = (id ? document.getElementById(id) : null) ?? el.querySelector<HTMLElement>('input, select, textarea, button');
  el.scrollIntoView?.({ block: 'center' });
  target?.focus({ preventScroll: true });
  return true;
}
