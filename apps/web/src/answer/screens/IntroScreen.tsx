import { useState } from 'react';
import type { AnswerDefinition, ParticipantInput } from '../answer-types';
import { M } from '../messages';
import { type ContactErrors, checkParticipant } from '../participant';
import { Header } from './Header';

interface ContactFieldProps {
  name: keyof ParticipantInput;
  label: string;
  type: 'text' | 'tel' | 'email';
  value: string;
  error?: string;
  onInput(value: string): void;
}

function ContactField({ name, label, type, value, error, onInput }: ContactFieldProps) {
  const id = `ans-participant-${name}`;
  return (
    <div className="ans-question">
      <label className="ans-label" htmlFor={id}>
        {label}
        <span className="ans-optional">{` (${M.optional})`}</span>
      </label>
      <input
        id={id}
        name={name}
        className="ans-input"
        type={type}
        autoComplete={type === 'text' ? 'name' : type}
        inputMode={type === 'tel' ? 'tel' : type === 'email' ? 'email' : undefined}
        aria-describedby={`${id}-error`}
        aria-invalid={error ? true : undefined}
        value={value}
        onChange={(e) => onInput(e.currentTarget.value)}
      />
      <p id={`${id}-error`} className="ans-error" aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}

export interface IntroScreenProps {
  definition: AnswerDefinition;
  askContact: boolean;
  participant: ParticipantInput;
  resumed: boolean;
  onParticipant(p: ParticipantInput): void;
  onStart(p: ParticipantInput): void;
}

/** The survey's first screen: what it is about, optional contact fields, then start. */
export function IntroScreen({ definition, askContact, participant, resumed, onParticipant, onStart }: IntroScreenProps) {
  const [current, setCurrent] = useState<ParticipantInput>(participant);
  const [errors, setErrors] = useState<ContactErrors>({});
  const set = (name: keyof ParticipantInput) => (v: string) => {
    const next = { ...current, [name]: v };
    setCurrent(next);
    onParticipant(next);
  };
  const field = (name: keyof ParticipantInput, label: string, type: ContactFieldProps['type']) => (
    <ContactField name={name} label={label} type={type} value={current[name] ?? ''} error={errors[name as keyof ContactErrors]} onInput={set(name)} />
  );
  return (
    <div>
      <Header definition={definition} />
      <form
        className="ans-card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const checked = checkParticipant(current);
          setErrors(checked.errors);
          const firstBad = (['phone', 'email'] as const).find((n) => checked.errors[n]);
          if (firstBad) return document.getElementById(`ans-participant-${firstBad}`)?.focus();
          onStart(checked.value);
        }}
      >
        {definition.survey.description ? <p className="ans-description">{definition.survey.description}</p> : null}
        {definition.survey.settings.geolocation_required ? <p className="ans-help">{M.geolocationRequired}</p> : null}
        {askContact ? (
          <section className="ans-contact" aria-labelledby="ans-contact-title">
            <h2 id="ans-contact-title" className="ans-step-title">
              {M.contactTitle}
            </h2>
            <p className="ans-help">{M.contactHelp}</p>
            {field('name', M.name, 'text')}
            {field('phone', M.phone, 'tel')}
            {field('email', M.email, 'email')}
          </section>
        ) : null}
        <div className="ans-nav">
          <button type="submit" className="ans-button ans-wide">
            {resumed ? M.resume : M.start}
          </button>
        </div>
      </form>
    </div>
  );
}
