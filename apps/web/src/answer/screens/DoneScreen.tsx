import type { DoneState } from '../answer-controller';
import type { AnswerDefinition } from '../answer-types';
import { M } from '../messages';
import { Header } from './Header';

/** The end: sent (with its reference), being sent, or waiting for the network. */
export function DoneScreen({ definition, state, retry, again }: { definition: AnswerDefinition; state: DoneState; retry(): void; again?: () => void }) {
  return (
    <div>
      <Header definition={definition} />
      <section className="ans-card ans-done" data-testid={`answer-done-${state.kind}`} aria-live="polite">
        {state.kind === 'sent' ? (
          <>
            <h2 className="ans-done-title">{M.thanksTitle}</h2>
            <p>{M.thanksText}</p>
            {state.reference !== null ? (
              <p className="ans-reference" data-testid="answer-reference">
                {M.reference(state.reference)}
              </p>
            ) : null}
            {again ? (
              <button type="button" className="ans-button ans-secondary" onClick={again}>
                {M.answerAgain}
              </button>
            ) : null}
          </>
        ) : state.kind === 'sending' ? (
          <>
            <h2 className="ans-done-title">{M.sending}</h2>
            <p className="ans-hint" role="status">
              {M.savedLocally}
            </p>
          </>
        ) : (
          <>
            <h2 className="ans-done-title">{M.pendingTitle}</h2>
            <p>{M.pendingText}</p>
            <button type="button" className="ans-button" onClick={retry}>
              {M.retryNow}
            </button>
          </>
        )}
      </section>
    </div>
  );
}
