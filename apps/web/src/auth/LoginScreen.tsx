import { WEB_ROUTES } from '@app/contracts/routes';
import { type FormEvent, useState } from 'react';
import { LOGIN_INPUT_LIMITS, validateLogin } from '../features/identity/auth/login-form.schema';
import { isApiError } from '../lib/http-error';
import { accounts } from '../lib/session/account-store';
import type { SignInNotice } from '../lib/session/sign-in-handoff';
import type { AuthContext } from './auth-context';
import { readFailure } from './form-errors';
import { Field, FormAlert, Notice, PasswordField, SubmitButton } from './fields';
import { SocialSignIn } from './SocialSignIn';

type Errors = Partial<Record<'login' | 'password', string>>;

/**
 * /auth/login and its mobile variant /auth/mobile (which never forwards a signed-in
 * visitor by itself: main.tsx). With accounts already open here, this one adds beside them.
 */
export function LoginScreen({ ctx, mobile, notice }: { ctx: AuthContext; mobile: boolean; notice: SignInNotice | null }) {
  const w = ctx.words.auth;
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const addsAccount = accounts.list().length > 0;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = { login: String(data.get('login') ?? ''), password: String(data.get('password') ?? '') };
    const found = validateLogin(values, (key) => w[key]);
    setErrors(found);
    setFailure(null);
    if (found.login || found.password) return;
    setBusy(true);
    try {
      const response = await ctx.api.login({ login: values.login.trim(), password: values.password });
      ctx.signedIn(response);
    } catch (error) {
      const read = readFailure(error, ctx.words.errors.unknown);
      setErrors({ login: read.fields.login, password: read.fields.password });
      setFailure(read.message);
      setBusy(false);
      // The server has just e-mailed a fresh code to an account never validated.
      if (isApiError(error) && error.code === 'account_not_validated') {
        const query = new URLSearchParams({ step: 'validate', email: values.login.trim() });
        ctx.go(`${WEB_ROUTES.authCreateAccount}?${query.toString()}`);
      }
    }
  }

  return (
    <>
      <div className="auth-heading">
        <h1 className="auth-title">{mobile ? w.mobileTitle : w.title}</h1>
        <p className="auth-subtitle">{addsAccount ? w.addAccountHint : w.subtitle}</p>
      </div>
      {notice === 'resetDone' ? <Notice title={w.resetDoneTitle} message={w.resetDone} /> : null}
      {notice === 'loggedOut' ? <Notice title={w.logoutTitle} message={w.loggedOut} /> : null}
      {notice === 'validated' ? <Notice title={w.validatedTitle} message={w.validatedMessage} /> : null}
      <div className="auth-card">
        <FormAlert message={failure} />
        <form data-testid="login-form" className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
          <Field
            name="login"
            label={w.login}
            description={w.loginDescription}
            autoComplete="username"
            maxLength={LOGIN_INPUT_LIMITS.login}
            required
            error={errors.login}
          />
          <PasswordField
            name="password"
            label={w.password}
            showLabel={w.showPassword}
            autoComplete="current-password"
            maxLength={LOGIN_INPUT_LIMITS.password}
            required
            error={errors.password}
          />
          <SubmitButton busy={busy}>{w.submit}</SubmitButton>
        </form>
        <p className="auth-right">
          <a className="auth-link" href={WEB_ROUTES.authForgotPassword + ctx.search} onClick={ctx.follow}>
            {w.forgotPasswordLink}
          </a>
        </p>
        <SocialSignIn ctx={ctx} />
      </div>
      <p className="auth-center">
        {w.noAccount}{' '}
        <a className="auth-link auth-strong" href={WEB_ROUTES.authCreateAccount}>
          {w.createAccountLink}
        </a>
      </p>
    </>
  );
}
