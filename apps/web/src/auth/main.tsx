/**
 * Entry of the light sign-in page (auth.html): `/auth/login`, `/auth/mobile`,
 * `/auth/create-account`, `/auth/forgot-password` and `/auth/forgot-password-reset`
 * (AUTH_ENTRY_PATHS), without the
 * app shell, its router, Mantine or i18next: the first page every agent loads on a phone.
 * After a sign-in the browser loads the app (a full page load to the account's address).
 */
import './auth.css';
import type { LoginResponse } from '@app/contracts/auth';
import { isAuthEntryPath, WEB_ROUTES } from '@app/contracts/routes';
import { type MouseEvent, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { deviceStorage, UNSAVED_LANGUAGE_KEY, writeLanguagePreference } from '../i18n/language-preference';
import type { AppLanguage } from '../i18n/languages';
import { bootErrorReporting } from '../lib/error-reporting/boot';
import { leaveSignInNotice, type SignInNotice, tabStorage, takeSignInNotice } from '../lib/session/sign-in-handoff';
import { createAuthApi } from './auth-api';
import type { AuthContext } from './auth-context';
import { completeSignIn, forwardOfSignedInVisitor, pageAddress } from './auth-flow';
import { type AuthWords, FRENCH_WORDS, loadWords, startLanguage } from './auth-words';
import { applyColorScheme } from './color-scheme';
import { AuthApp, type AuthScreenState } from './AuthApp';

// Off unless the server names a DSN; the SDK is fetched only then (lib/error-reporting).
bootErrorReporting('auth');

const storage = deviceStorage();
applyColorScheme(storage);
const tab = tabStorage();
let words: AuthWords = FRENCH_WORDS;
const address = pageAddress(location);
let language: AppLanguage = startLanguage(storage, address.pathname);
const api = createAuthApi({ language: () => language, words: () => words });

if (location.pathname !== address.pathname) history.replaceState(null, '', address.pathname + address.search);
let screen: AuthScreenState = { ...address, notice: takeSignInNotice(tab), codeSent: false };

const forward = forwardOfSignedInVisitor(address);
const root = forward ? null : createRoot(document.getElementById('root')!);
if (forward) location.replace(forward);
else void switchLanguage(language).catch(() => switchLanguage('fr'));

function render(): void {
  const ctx: AuthContext = { words, language, api, search: screen.search, go, follow, signedIn };
  // In a transition, React renders in slices of a few milliseconds and lets the browser in
  // between: no long task on a slow phone (Lighthouse's TBT), the same page once painted.
  startTransition(() => root?.render(<AuthApp ctx={ctx} screen={screen} language={language} onLanguage={chooseLanguage} />));
}

async function switchLanguage(next: AppLanguage): Promise<void> {
  words = await loadWords(next);
  language = next;
  document.documentElement.lang = next;
  render();
}

/** A choice in the header: kept on the device, and for the account of the next sign-in (account-language.ts). */
async function chooseLanguage(next: AppLanguage): Promise<boolean> {
  try {
    await switchLanguage(next);
  } catch {
    return false; // The words could not be fetched (offline): stay in the current language.
  }
  writeLanguagePreference(storage, next);
  try {
    storage?.setItem(UNSAVED_LANGUAGE_KEY, next);
  } catch {
    // The device copy still holds it.
  }
  return true;
}

function go(to: string, options: { replace?: boolean; notice?: SignInNotice } = {}): void {
  const url = new URL(to, location.origin);
  if (!isAuthEntryPath(url.pathname)) {
    if (options.notice) leaveSignInNotice(tab, options.notice);
    if (options.replace) location.replace(url.pathname + url.search);
    else location.assign(url.pathname + url.search);
    return;
  }
  const path = url.pathname + url.search;
  if (options.replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  // Leaving the forgot-password form for the code: the code is on its way.
  const codeSent = screen.pathname === WEB_ROUTES.authForgotPassword && url.pathname === WEB_ROUTES.authForgotPasswordReset;
  show({ pathname: url.pathname, search: url.search, notice: options.notice ?? null, codeSent });
  window.scrollTo(0, 0);
}

/** Another page of this entry, in the language it starts in (sign-up and sign-in differ until one is picked). */
function show(next: AuthScreenState): void {
  screen = next;
  const wanted = startLanguage(storage, next.pathname);
  if (wanted === language) render();
  else void switchLanguage(wanted).catch(render);
}

function follow(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const url = new URL(event.currentTarget.href);
  if (url.origin !== location.origin || !isAuthEntryPath(url.pathname)) return;
  event.preventDefault();
  go(url.pathname + url.search);
}

function signedIn(response: LoginResponse): void {
  location.replace(completeSignIn(response, screen.search, tab));
}

addEventListener('popstate', () => show({ pathname: location.pathname, search: location.search, notice: null, codeSent: false }));
