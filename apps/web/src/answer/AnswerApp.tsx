/**
 * The answering page: the screens of a survey drawn from the AnswerController's state.
 * Rendered by the public entry (answer.html, main.tsx) and by the signed-in survey pages
 * (SurveyAnswerHost), so both behave and validate alike.
 */
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { AnswerController, type AnswerAppOptions } from './answer-controller';
import { progressOf } from './answer-state';
import { M } from './messages';
import { preloadQuestionCode } from './questions/QuestionField';
import { DoneScreen } from './screens/DoneScreen';
import { IntroScreen } from './screens/IntroScreen';
import { LoadErrorScreen, LoadingScreen, MessageScreen } from './screens/MessageScreens';
import { StepScreen } from './screens/StepScreen';
import { TargetPicker } from './screens/TargetPicker';

export interface AnswerAppProps extends AnswerAppOptions {
  /** The page's language: a change draws the screen again in the new words, answers and position kept. */
  language?: string;
}

export function AnswerApp(props: AnswerAppProps) {
  const { code, link, sessionId, transport, store, blobs, queue, language } = props;
  const [controller, setController] = useState<AnswerController | null>(null);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const linkKey = JSON.stringify(link);
  // The latest callbacks without restarting the survey when a parent draws again.
  const latest = useRef(props);
  latest.current = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the link is compared by value (linkKey); the callbacks are read from `latest`.
  useEffect(() => {
    const next = new AnswerController({
      code,
      link,
      sessionId,
      transport,
      store,
      blobs,
      queue,
      signInHref: latest.current.signInHref,
      onTitle: (title) => latest.current.onTitle?.(title),
      onTargetChosen: (value) => latest.current.onTargetChosen?.(value),
    });
    const unsubscribe = next.subscribe(redraw);
    setController(next);
    next.start();
    return () => {
      unsubscribe();
      next.destroy();
    };
  }, [code, linkKey, sessionId, transport, store, blobs, queue]);
  // Before the new words are on show: the errors on show are checked again in the same paint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new language only redraws.
  useLayoutEffect(() => {
    controller?.refresh();
  }, [language]);

  // The code its questions need comes now, while the network is there (a signature is often the last step).
  const definition = controller?.session?.definition;
  useEffect(() => {
    if (definition) preloadQuestionCode(definition.steps.flatMap((step) => step.questions));
  }, [definition]);

  const held = controller?.held ?? false;
  return (
    <div className="ans">
      <p className="ans-status is-warning" role="status" hidden={!held} data-testid="answer-held">
        {held ? M.heldAnswers : ''}
      </p>
      <div>{controller ? <Screen controller={controller} signInHref={props.signInHref} contribution={Boolean(link.participation)} /> : <LoadingScreen />}</div>
    </div>
  );
}

function Screen({ controller: c, signInHref, contribution }: { controller: AnswerController; signInHref?: string; contribution: boolean }) {
  const screen = c.screen;
  const s = c.session;
  if (screen.kind === 'loading') return <LoadingScreen />;
  if (screen.kind === 'load-error') return <LoadErrorScreen error={screen.error} contribution={contribution} signInHref={signInHref} retry={() => void c.load()} />;
  if (!s) return <LoadingScreen />;
  if (screen.kind === 'no-questions') return <MessageScreen title={s.definition.survey.title} text={M.noQuestions} />;
  if (screen.kind === 'rejected') {
    return <MessageScreen title={M.rejectedTitle} text={screen.message} action={{ label: M.reviewAnswers, onClick: () => c.showStep() }} testId="answer-rejected" />;
  }
  if (screen.kind === 'pick-target') return <TargetPicker definition={s.definition} find={(q) => c.findTargets(q)} onPick={(choice) => c.chooseTarget(choice)} />;
  if (screen.kind === 'intro') {
    return (
      <IntroScreen
        definition={s.definition}
        askContact={s.asksContact}
        participant={s.record.participant}
        resumed={Object.keys(s.record.answers).length > 0}
        onParticipant={(p) => c.setParticipant(p)}
        onStart={(p) => c.begin(p)}
      />
    );
  }
  if (screen.kind === 'done') {
    return <DoneScreen definition={s.definition} state={screen.state} retry={() => c.retrySending()} again={screen.again ? () => c.again() : undefined} />;
  }
  const step = s.currentStep();
  if (!step) return <MessageScreen title={s.definition.survey.title} text={M.noQuestions} />;
  const visible = s.visible();
  const steps = s.steps(visible);
  const index = steps.findIndex((x) => x.id === step.id);
  const status = c.status;
  return (
    <StepScreen
      definition={s.definition}
      step={step}
      state={screen}
      progress={progressOf(steps, step.id)}
      answers={s.record.answers}
      visible={visible}
      media={c.media}
      status={
        <p className={status ? 'ans-status is-warning' : 'ans-status'} role="status" aria-live="polite">
          {status}
        </p>
      }
      onAnswer={(q, value, settled) => c.answer(q, value, settled)}
      onPrevious={index > 0 ? () => c.previous() : null}
      onNext={() => void c.next()}
    />
  );
}
