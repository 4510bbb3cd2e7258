import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  description?: string;
  error?: string | null;
}

/**
 * A labelled input of the sign-in pages: label, hint and error tied to the input
 * (aria-describedby, aria-invalid), the required mark outside the accessible name.
 */
export function Field({ label, description, error, required, ...input }: FieldProps) {
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
      <input id={id} className="auth-input" required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error ? (
        <p className="auth-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
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
