import type { SurveyTargetChoices } from '@app/contracts/targets';
import { useEffect, useRef, useState } from 'react';
import type { AnswerDefinition } from '../answer-types';
import { M } from '../messages';
import { Header } from './Header';

type Choice = SurveyTargetChoices['targets'][number];
type Found = { kind: 'loading' } | { kind: 'offline' } | { kind: 'found'; choices: SurveyTargetChoices };

export interface TargetPickerProps {
  definition: AnswerDefinition;
  find(query: string): Promise<SurveyTargetChoices>;
  onPick(choice: Choice): void;
}

/** Typing pauses this long before the list is asked again. */
const SEARCH_PAUSE_MS = 250;

/**
 * An evaluation opened by its own link: the respondent picks what they evaluate among the
 * company's targets of the survey's kind (searched by name or code; people only by their
 * code, never listed), then the survey goes on as if the link had named it.
 */
export function TargetPicker({ definition, find, onPick }: TargetPickerProps) {
  const [query, setQuery] = useState('');
  const [asked, setAsked] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [found, setFound] = useState<Found>({ kind: 'loading' });
  const latest = useRef(find);
  latest.current = find;

  useEffect(() => {
    const timer = setTimeout(() => setAsked(query.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asks again on a new search or a retry (attempt).
  useEffect(() => {
    let current = true;
    latest.current(asked).then(
      (choices) => current && setFound({ kind: 'found', choices }),
      () => current && setFound({ kind: 'offline' }),
    );
    return () => {
      current = false;
    };
  }, [asked, attempt]);

  const choices = found.kind === 'found' ? found.choices : null;
  const codeOnly = choices !== null && !choices.listed;
  return (
    <div>
      <Header definition={definition} />
      <form
        className="ans-card"
        data-testid="target-picker"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setAsked(query.trim());
        }}
      >
        <h2 className="ans-step-title">{M.companyTargets}</h2>
        {codeOnly ? <p className="ans-help">{M.pickCodeOnly}</p> : null}
        <label className="ans-label" htmlFor="ans-target-search">
          {M.pickSearch}
        </label>
        <input
          id="ans-target-search"
          className="ans-input"
          type="search"
          autoComplete="off"
          maxLength={100}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
        />
        {codeOnly ? (
          <div className="ans-actions">
            <button type="submit" className="ans-button ans-secondary">
              {M.pickFind}
            </button>
          </div>
        ) : null}
        {found.kind === 'offline' ? (
          <p className="ans-error" role="alert">
            {M.noServer}{' '}
            <button type="button" className="ans-button ans-secondary" onClick={() => setAttempt((n) => n + 1)}>
              {M.retry}
            </button>
          </p>
        ) : null}
        {choices ? <ChoiceList choices={choices} asked={asked} onPick={onPick} /> : <p className="ans-hint">{M.loading}</p>}
      </form>
    </div>
  );
}

function ChoiceList({ choices, asked, onPick }: { choices: SurveyTargetChoices; asked: string; onPick(choice: Choice): void }) {
  if (choices.targets.length === 0) {
    return (
      <p className="ans-hint" role="status" data-testid="target-picker-none">
        {asked || choices.listed ? M.pickNone : ''}
      </p>
    );
  }
  return (
    <>
      <ul className="ans-landing-list" aria-live="polite">
        {choices.targets.map((c) => (
          <li key={`${c.kind}:${c.id}`}>
            <button type="button" className="ans-button ans-secondary ans-landing-link ans-pick" data-testid="target-choice" onClick={() => onPick(c)}>
              <span>{c.site_name ? `${c.name} — ${c.site_name}` : c.name}</span>
              <small className="ans-pick-code">{M.pickCode(c.code)}</small>
            </button>
          </li>
        ))}
      </ul>
      {choices.more ? <p className="ans-hint">{M.pickMore}</p> : null}
    </>
  );
}
