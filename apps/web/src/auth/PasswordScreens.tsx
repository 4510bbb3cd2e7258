import { WEB_ROUTES } from '@app/contracts/routes';
import { type FormEvent, useState } from 'react';
import type { AuthContext } from './auth-context';
import { fill } from './auth-words';
import { readFailure } from './form-errors';
import { Field, FormAlert, Notice, PasswordField, SubmitButton } from './fields';

/** /auth/forgot-password: asks for a reset code (the answer is the same for any login). */
export function ForgotScreen({ ctx }: { ctx: AuthContext }) {
  const w = ctx.words.auth;
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const login = String(new FormData(event.currentTarget).get('login') ?? '').trim();
    setFailure(null);
    setError(login ? undefined : w.loginRequired);
    if (!login) return;
    setBusy(true);
    try {
      const answer = await ctx.api.requestPasswordToken(login);
      ctx.go(`${WEB_ROUTES.authForgotPasswordReset}?${new URLSearchParams({ id: answer.user.id, login }).toString()}`);
    } catch (caught) {
      const read = readFailure(caught, ctx.words.errors.unknown);
      setError(read.fields.login);
      setFailure(read.message);
      setBusy(false);
    }
  }

  return (
    <>
      <div className="auth-heading">
        <h1 className="auth-title">{w.forgotTitle}</h1>
        <p className="auth-subtitle">{w.forgotSubtitle}</p>
      </div>
      <div className="auth-card">
        <FormAlert message={failure} />
        <form data-testid="forgot-password-form" className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
          <Field name="login" label={w.login} description={w.loginDescription} autoComplete="username" required error={error} />
          <SubmitButton busy={busy}>{w.forgotSubmit}</SubmitButton>
        </form>
      </div>
      <p className="auth-center">
        <a className="auth-link" href={WEB_ROUTES.authLogin} onClick={ctx.follow}>
          {w.backToLogin}
        </a>
      </p>
    </>
  );
}

type ResetField = 'code' | 'password' | 'password_confirmation';

/** /auth/forgot-password-reset?id=…&login=…: the code received and the new password. */
export function ResetScreen({ ctx, codeSent }: { ctx: AuthContext; codeSent: boolean }) {
  const w = ctx.words.auth;
  const params = new URLSearchParams(ctx.search);
  const resetId = params.get('id') ?? '';
  const [errors, setErrors] = useState<Partial<Record<ResetField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = {
      code: String(data.get('code') ?? '').replace(/\s+/g, ''),
      password: String(data.get('password') ?? ''),
      password_confirmation: String(data.get('password_confirmation') ?? ''),
    };
    // Filled in, and a 6-digit code; the server's schema (resetPasswordBody) judges the rest, in French.
    const found: Partial<Record<ResetField, string>> = {};
    if (!/^\d{6}$/.test(values.code)) found.code = w.codeInvalid;
    if (!values.password) found.password = w.passwordRequired;
    if (!values.password_confirmation) found.password_confirmation = w.passwordRequired;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await ctx.api.resetPassword(resetId, values);
      ctx.go(WEB_ROUTES.authLogin, { replace: true, notice: 'resetDone' });
    } catch (caught) {
      const read = readFailure(caught, ctx.words.errors.unknown);
      setErrors({ code: read.fields.code, password: read.fields.password, password_confirmation: read.fields.password_confirmation });
      setFailure(read.message);
      setBusy(false);
    }
  }

  return (
    <>
      <div className="auth-heading">
        <h1 className="auth-title">{w.resetTitle}</h1>
        <p className="auth-subtitle">{fill(w.resetSubtitle, { login: params.get('login') ?? '' })}</p>
      </div>
      {codeSent ? <Notice title={w.forgotSentTitle} message={w.forgotSent} /> : null}
      <div className="auth-card">
        {resetId ? (
          <>
            <FormAlert message={failure} />
            <form data-testid="reset-password-form" className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
              <Field name="code" label={w.code} inputMode="numeric" autoComplete="one-time-code" maxLength={6} required error={errors.code} />
              <PasswordField name="password" label={w.newPassword} showLabel={w.showPassword} autoComplete="new-password" required error={errors.password} />
              <PasswordField
                name="password_confirmation"
                label={w.passwordConfirmation}
                showLabel={w.showPassword}
                autoComplete="new-password"
                required
                error={errors.password_confirmation}
              />
              <SubmitButton busy={busy}>{w.resetSubmit}</SubmitButton>
            </form>
          </>
        ) : (
          <p role="alert">{w.resetMissingId}</p>
        )}
      </div>
      <p className="auth-center">
        <a className="auth-link" href={resetId ? WEB_ROUTES.authForgotPassword : WEB_ROUTES.authLogin} onClick={ctx.follow}>
          {resetId ? w.resendCode : w.backToLogin}
        </a>
      </p>
    </>
  );
}
