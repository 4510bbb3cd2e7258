import { WEB_ROUTES } from '@app/contracts/routes';
import { type FormEvent, useState } from 'react';
import type { RegisterInput } from '../features/identity/auth/auth.api';
import { SIGNUP_INPUT_LIMITS, validateSignup } from '../features/identity/auth/signup-form.schema';
import { isLoginResponse } from './auth-api';
import type { AuthContext } from './auth-context';
import { fill } from './auth-words';
import { readFailure } from './form-errors';
import { Field, FormAlert, PasswordField, SubmitButton } from './fields';
import { SocialSignIn } from './SocialSignIn';

type SignupField = Exclude<keyof RegisterInput, 'promotional_offers'>;
const SIGNUP_FIELDS: SignupField[] = ['name', 'email', 'password', 'password_confirmation'];

/**
 * /auth/create-account: sign-up, then validation by the code e-mailed. The step lives in
 * the address (`?step=validate&email=`) so a reload or the sign-in page (an account never
 * validated) can send the person straight to the code. The page speaks the browser's
 * language until one is picked (main.tsx startLanguage); the new account keeps it
 * (Accept-Language).
 */
export function SignupScreen({ ctx }: { ctx: AuthContext }) {
  const w = ctx.words.auth;
  const params = new URLSearchParams(ctx.search);
  const validating = params.get('step') === 'validate';
  const email = params.get('email') ?? '';
  return (
    <>
      <div className="auth-heading">
        <h1 className="auth-title">{validating ? w.validateTitle : w.signupTitle}</h1>
        <p className="auth-subtitle" data-testid="create-account-subtitle">
          {validating ? fill(w.validateSubtitle, { email: email || '…' }) : w.signupSubtitle}
        </p>
      </div>
      <div className="auth-card">
        {validating ? (
          <ValidateForm key={email} ctx={ctx} email={email} />
        ) : (
          <>
            <SignupForm ctx={ctx} />
            <SocialSignIn ctx={ctx} />
          </>
        )}
      </div>
      <p className="auth-center">
        {w.haveAccount}{' '}
        <a className="auth-link auth-strong" href={WEB_ROUTES.authLogin} onClick={ctx.follow}>
          {w.signInLink}
        </a>
      </p>
    </>
  );
}

/** Sign-up (section 5): name, e-mail, password and confirmation, promotional offers. */
function SignupForm({ ctx }: { ctx: AuthContext }) {
  const w = ctx.words.auth;
  const [errors, setErrors] = useState<Partial<Record<SignupField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const values: RegisterInput = {
      name: text('name'),
      email: text('email'),
      password: text('password'),
      password_confirmation: text('password_confirmation'),
      promotional_offers: data.get('promotional_offers') === 'on',
    };
    const found = validateSignup(values, ctx.language);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const answer = await ctx.api.register({ ...values, name: values.name.trim(), email: values.email.trim() });
      const query = new URLSearchParams({ step: 'validate', email: answer?.email ?? values.email.trim() });
      ctx.go(`${WEB_ROUTES.authCreateAccount}?${query.toString()}`);
    } catch (caught) {
      const read = readFailure(caught, ctx.words.errors.unknown);
      setErrors(Object.fromEntries(SIGNUP_FIELDS.filter((field) => read.fields[field]).map((field) => [field, read.fields[field]])));
      setFailure(read.message);
      setBusy(false);
    }
  }

  return (
    <>
      <FormAlert message={failure} />
      <form data-testid="signup-form" className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <Field name="name" label={w.name} autoComplete="name" maxLength={SIGNUP_INPUT_LIMITS.name} required error={errors.name} />
        <Field name="email" type="email" label={w.email} autoComplete="email" required error={errors.email} />
        <PasswordField
          name="password"
          label={w.password}
          showLabel={w.showPassword}
          autoComplete="new-password"
          maxLength={SIGNUP_INPUT_LIMITS.password}
          required
          error={errors.password}
        />
        <PasswordField
          name="password_confirmation"
          label={w.passwordConfirmation}
          showLabel={w.showPassword}
          autoComplete="new-password"
          maxLength={SIGNUP_INPUT_LIMITS.password}
          required
          error={errors.password_confirmation}
        />
        <label className="auth-checkbox">
          <input type="checkbox" name="promotional_offers" />
          <span>{w.promotionalOffers}</span>
        </label>
        <SubmitButton busy={busy}>{w.signupSubmit}</SubmitButton>
      </form>
    </>
  );
}

/** Account validation by the 6-digit code e-mailed at sign-up; signs in on success. */
function ValidateForm({ ctx, email }: { ctx: AuthContext; email: string }) {
  const w = ctx.words.auth;
  const [errors, setErrors] = useState<Partial<Record<'email' | 'code', string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const address = String(data.get('email') ?? '').trim();
    const code = String(data.get('code') ?? '').replace(/\s+/g, '');
    const found: Partial<Record<'email' | 'code', string>> = {};
    if (!address) found.email = w.emailRequired;
    if (!/^\d{6}$/.test(code)) found.code = w.codeInvalid;
    setErrors(found);
    setFailure(null);
    if (found.email || found.code) return;
    setBusy(true);
    try {
      const answer = await ctx.api.validateAccount(address, code);
      if (isLoginResponse(answer)) ctx.signedIn(answer);
      else ctx.go(WEB_ROUTES.authLogin, { notice: 'validated' });
    } catch (caught) {
      const read = readFailure(caught, ctx.words.errors.unknown);
      setErrors({ email: read.fields.email, code: read.fields.code });
      setFailure(read.message);
      setBusy(false);
    }
  }

  return (
    <>
      <FormAlert message={failure} />
      <form data-testid="validate-account-form" className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <Field name="email" type="email" label={w.email} autoComplete="email" defaultValue={email} required error={errors.email} />
        <Field name="code" label={w.code} inputMode="numeric" autoComplete="one-time-code" maxLength={6} required error={errors.code} />
        <SubmitButton busy={busy}>{w.validateSubmit}</SubmitButton>
      </form>
    </>
  );
}
