import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  description?: string;
  error?: string | null;
  /** A control shown at the input's end (the show-password button), given the input's id. */
  addon?: (inputId: string) => ReactNode;
}

/**
 * A labelled input of the sign-in pages: label, hint and error tied to the input
 * (aria-describedby, aria-invalid), the required mark outside the accessible name.
 */
export function Field({ label, description, error, required, addon, ...input }: FieldProps) {
  const id = useId();
  const describedBy = [description ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'auth-field has-error' : 'auth-field'}>
      <label className="auth-label" htmlFor={id}>
        {label}
        {required ? (
          <span className="auth-required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </label>
      {description ? (
        <p className="auth-hint" id={`${id}-hint`}>
          {description}
        </p>
      ) : null}
      {addon ? (
        <div className="auth-input-group">
          <input id={id} className="auth-input" required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
          {addon(id)}
        </div>
      ) : (
        <input id={id} className="auth-input" required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      )}
      {error ? (
        <p className="auth-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A password input with its show/hide button: one name in the page's language ("Show
 * password") whose state is `aria-pressed`, a real button (Enter and Space), and the
 * input keeps its name and value whichever way it shows.
 */
export function PasswordField({ showLabel, ...props }: Omit<FieldProps, 'type' | 'addon'> & { showLabel: string }) {
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...props}
      type={shown ? 'text' : 'password'}
      addon={(inputId) => (
        <button
          type="button"
          className="auth-reveal"
          aria-label={showLabel}
          title={showLabel}
          aria-pressed={shown}
          aria-controls={inputId}
          onClick={() => setShown((now) => !now)}
        >
          <EyeIcon crossed={shown} />
        </button>
      )}
    />
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M4 4l16 16" /> : null}
    </svg>
  );
}

/** The form's submit button; busy while the call runs (no second submit). */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="auth-button" disabled={busy} aria-busy={busy || undefined}>
      {busy ? <span className="auth-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** A call's failure, read out at once (`role="alert"`), above the form. */
export function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <div className="auth-alert" role="alert">
      {message}
    </div>
  ) : null;
}

/** A message the page was sent with (signed out, password changed, code sent). */
export function Notice({ title, message }: { title: string; message: string }) {
  return (
    <div className="auth-notice" role="status">
      <strong>{title}</strong> {message}
    </div>
  );
}
