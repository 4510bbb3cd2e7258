import type { AuthProviders, LoginResponse } from '@app/contracts/auth';
import { useEffect, useState } from 'react';
import { requestFacebookToken, requestGoogleCredential } from '../features/identity/auth/social-sdk';
import type { AuthContext } from './auth-context';
import { readFailure } from './form-errors';
import { FormAlert } from './fields';

type Provider = 'google' | 'facebook';

/**
 * Social sign-in, shown only for the providers the server has configured (GET
 * auth/providers); nothing while asking or when the server cannot say. The providers'
 * SDKs load only on a click (social-sdk.ts).
 */
export function SocialSignIn({ ctx }: { ctx: AuthContext }) {
  const w = ctx.words.auth;
  const [config, setConfig] = useState<AuthProviders | null>(null);
  const [busy, setBusy] = useState<Provider | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    ctx.api.providers().then(
      (answer) => live && setConfig(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [ctx.api]);

  const google = Boolean(config?.google && config.google_client_id);
  const facebook = Boolean(config?.facebook && config.facebook_app_id);
  if (!google && !facebook) return null;

  async function signInWith(provider: Provider) {
    setBusy(provider);
    setFailure(null);
    try {
      let response: LoginResponse | null = null;
      if (provider === 'google' && config?.google_client_id) {
        const credential = await requestGoogleCredential(config.google_client_id);
        response = credential ? await ctx.api.googleLogin(credential) : null;
      } else if (provider === 'facebook' && config?.facebook_app_id) {
        const token = await requestFacebookToken(config.facebook_app_id);
        response = token ? await ctx.api.facebookLogin(token) : null;
      }
      if (response) ctx.signedIn(response);
      else setBusy(null);
    } catch (error) {
      setBusy(null);
      if (error instanceof Error && /^(failed|timeout):|unavailable/.test(error.message)) setFailure(w.socialUnavailable);
      else setFailure(readFailure(error, ctx.words.errors.unknown).message);
    }
  }

  return (
    <div className="auth-social" data-testid="social-buttons">
      <p className="auth-divider">{w.orContinueWith}</p>
      <FormAlert message={failure} />
      {google ? (
        <button type="button" className="auth-button auth-button-default" disabled={busy !== null} aria-busy={busy === 'google' || undefined} onClick={() => void signInWith('google')}>
          {w.google}
        </button>
      ) : null}
      {facebook ? (
        <button type="button" className="auth-button auth-button-default" disabled={busy !== null} aria-busy={busy === 'facebook' || undefined} onClick={() => void signInWith('facebook')}>
          {w.facebook}
        </button>
      ) : null}
    </div>
  );
}
