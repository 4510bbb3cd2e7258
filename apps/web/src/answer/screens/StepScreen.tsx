import { type ReactNode, useEffect, useId, useRef } from 'react';
import type { StepState } from '../answer-controller';
import type { AnswerMap, Progress } from '../answer-state';
import type { AnswerDefinition, AnswerQuestion, AnswerStep } from '../answer-types';
import { M } from '../messages';
import type { MediaService } from '../question-kit';
import { focusQuestion, QuestionField } from '../questions/QuestionField';
import { Header } from './Header';

function ProgressBar({ progress }: { progress: Progress }) {
  const text = M.stepOf(progress.position, progress.total);
  // The visible "Étape 1 sur 3" names the bar (axe: a progressbar needs a name).
  const labelId = useId();
  return (
    <div className="ans-progress-wrap">
      <p className="ans-progress-label" id={labelId}>
        {text}
      </p>
      <div className="ans-progress" role="progressbar" aria-labelledby={labelId} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress.percent} aria-valuetext={text}>
        <div className="ans-progress-fill" style={{ width: `${progress.percent}%` }} />
      </div>
    </div>
  );
}

export interface StepScreenProps {
  definition: AnswerDefinition;
  step: AnswerStep;
  state: StepState;
  progress: Progress;
  answers: AnswerMap;
  visible: Set<number>;
  media: MediaService;
  /** The connection / save status line. */
  status: ReactNode;
  onAnswer(question: AnswerQuestion, value: unknown, settled: boolean): void;
  onPrevious: (() => void) | null;
  onNext(): void;
}

/** One step: header with progress, the step's questions (hidden ones kept in place), navigation. */
export function StepScreen({ definition, step, state, progress, answers, visible, media, status, onAnswer, onPrevious, onNext }: StepScreenProps) {
  const form = useRef<HTMLFormElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  // A new step puts keyboard and screen-reader focus on its title; a refused one on its first error.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves only when the controller asks (nonce).
  useEffect(() => {
    if (state.focus === 'title') {
      window.scrollTo?.(0, 0);
      title.current?.focus({ preventScroll: true });
    } else if (state.focus === 'errors' && form.current) {
      for (const q of step.questions) if (state.errors.has(q.id) && focusQuestion(form.current, q.id)) break;
    }
  }, [state.nonce]);
  return (
    <div>
      <Header definition={definition}>
        <ProgressBar progress={progress} />
      </Header>
      {status}
      <form
        ref={form}
        className="ans-card"
        noValidate
        data-step-id={String(step.id)}
        aria-busy={state.busy || undefined}
        onSubmit={(e) => {
          e.preventDefault();
          onNext();
        }}
      >
        <h2 ref={title} className="ans-step-title" tabIndex={-1}>
          {step.title}
        </h2>
        {step.description ? <p className="ans-description">{step.description}</p> : null}
        {step.questions.map((q) => (
          <QuestionField
            key={q.id}
            question={q}
            value={answers[q.id]}
            error={state.errors.get(q.id) ?? null}
            onChange={(value, settled) => onAnswer(q, value, settled)}
            media={media}
            hidden={!visible.has(q.id)}
          />
        ))}
        <p className="ans-summary" role="alert" hidden={!state.summary}>
          {state.summary ?? ''}
        </p>
        <div className="ans-nav">
          {onPrevious ? (
            <button type="button" className="ans-button ans-secondary" onClick={onPrevious} disabled={state.busy} data-testid="answer-previous">
              {M.previous}
            </button>
          ) : null}
          <button type="submit" className="ans-button ans-wide" disabled={state.busy} data-testid="answer-next">
            {progress.isLast ? M.send : M.next}
          </button>
        </div>
      </form>
    </div>
  );
}
