import { WEB_ROUTES } from '@app/contracts/routes';
import { useEffect, useState } from 'react';
import type { AppLanguage } from '../i18n/languages';
import type { SignInNotice } from '../lib/session/sign-in-handoff';
import { LanguageSelect } from '../ui/LanguageSelect';
import type { AuthContext } from './auth-context';
import { ColorSchemeSwitch } from './ColorSchemeSwitch';
import { Notice } from './fields';
import { LoginScreen } from './LoginScreen';
import { ForgotScreen, ResetScreen } from './PasswordScreens';
import { SignupScreen } from './SignupScreen';

export interface AuthScreenState {
  pathname: string;
  search: string;
  notice: SignInNotice | null;
  /** Arrived from the forgot-password form: the code is on its way. */
  codeSent: boolean;
}

/**
 * The frame of the light sign-in page (the app's PublicShell, without Mantine): product
 * name, language, light/dark switch, the screen of the address, legal links.
 */
export function AuthApp({
  ctx,
  screen,
  language,
  onLanguage,
}: {
  ctx: AuthContext;
  screen: AuthScreenState;
  language: AppLanguage;
  /** Resolves whether the page now speaks it (false when its words could not be fetched). */
  onLanguage(language: AppLanguage): Promise<boolean>;
}) {
  const c = ctx.words.common;
  // The switch is confirmed in the new language, as the app's toast does.
  const [changed, setChanged] = useState(false);
  const title = titleOf(ctx, screen.pathname);
  useEffect(() => {
    document.title = `${title} · ${c.appName}`;
  }, [title, c.appName]);

  async function pick(next: AppLanguage) {
    setChanged(false);
    setChanged(await onLanguage(next));
  }

  return (
    <div className="auth-page">
      <header className="auth-header">
        {/* The app's root forwards to sign-in: linked directly, it stays on this page. */}
        <a className="auth-brand" href={WEB_ROUTES.authLogin} onClick={ctx.follow}>
          {c.appName}
        </a>
        <div className="auth-header-tools">
          <ColorSchemeSwitch words={ctx.words} />
          <LanguageSelect className="auth-select" label={c.language} testId="lang-switch" value={language} onPick={pick} />
        </div>
      </header>
      <main className="auth-main">
        {changed ? <Notice title={c.languageChangedTitle} message={c.languageChangedMessage} /> : null}
        {screen.pathname === WEB_ROUTES.authForgotPassword ? (
          <ForgotScreen ctx={ctx} />
        ) : screen.pathname === WEB_ROUTES.authCreateAccount ? (
          <SignupScreen key={screen.search} ctx={ctx} />
        ) : screen.pathname === WEB_ROUTES.authForgotPasswordReset ? (
          <ResetScreen key={screen.search} ctx={ctx} codeSent={screen.codeSent} />
        ) : (
          <LoginScreen ctx={ctx} mobile={screen.pathname === WEB_ROUTES.authMobile} notice={screen.notice} />
        )}
      </main>
      <footer className="auth-footer">
        <nav aria-label={c.legalNav} className="auth-legal">
          <a className="auth-link auth-dimmed" href={WEB_ROUTES.privacyPolicy}>
            {c.privacyPolicy}
          </a>
          <a className="auth-link auth-dimmed" href={WEB_ROUTES.termsAndConditions}>
            {c.terms}
          </a>
        </nav>
        <p className="auth-tagline">{c.tagline}</p>
      </footer>
    </div>
  );
}

function titleOf(ctx: AuthContext, pathname: string): string {
  const w = ctx.words.auth;
  if (pathname === WEB_ROUTES.authForgotPassword) return w.forgotTitle;
  if (pathname === WEB_ROUTES.authForgotPasswordReset) return w.resetTitle;
  if (pathname === WEB_ROUTES.authCreateAccount) return new URLSearchParams(ctx.search).get('step') === 'validate' ? w.validateTitle : w.signupTitle;
  return pathname === WEB_ROUTES.authMobile ? w.mobileTitle : w.title;
}
