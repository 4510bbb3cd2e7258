import type { ReactNode } from 'react';
import type { AnswerDefinition } from '../answer-types';
import { currentTargetLabel } from '../target-label';

/** The company, the survey's title and the evaluated place, above every survey screen. */
export function Header({ definition, children }: { definition: AnswerDefinition | null; children?: ReactNode }) {
  const target = currentTargetLabel();
  return (
    <header className="ans-header">
      {definition?.company?.name ? <p className="ans-company">{definition.company.name}</p> : null}
      <h1 className="ans-title">{definition?.survey.title ?? ''}</h1>
      {target ? (
        <p className="ans-target" data-testid="answer-target">
          {target}
        </p>
      ) : null}
      {children}
    </header>
  );
}
