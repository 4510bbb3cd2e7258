import type { LoginResponse } from '@app/contracts/auth';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accounts } from '../lib/session/account-store';
import { makeAccount } from '../test/account-fixtures';
import { createAuthApi } from './auth-api';
import type { AuthContext } from './auth-context';
import { type AuthWords, FRENCH_WORDS, loadWords, startLanguage } from './auth-words';
import { COLOR_SCHEME_KEY } from './color-scheme';
import { AuthApp, type AuthScreenState } from './AuthApp';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const account of accounts.list()) accounts.remove(account.sid);
  localStorage.clear();
});

/** A field's label, with the required mark (hidden from the accessible name, not from textContent). */
const field = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

const PROVIDERS = { google: false, facebook: false, google_client_id: null, facebook_app_id: null };

/** A server answering each path with `success: true` data, or the given status and body. */
function server(routes: Record<string, { status?: number; body: unknown }>) {
  const fetch = vi.fn(async (url: string) => {
    const route = routes[String(url)] ?? { body: { success: true, data: null } };
    return new Response(JSON.stringify(route.body), { status: route.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function show(pathname: string, { search = '', words = FRENCH_WORDS, notice = null as AuthScreenState['notice'], codeSent = false } = {}) {
  const go = vi.fn();
  const signedIn = vi.fn<(response: LoginResponse) => void>();
  const ctx: AuthContext = {
    words,
    language: 'fr',
    api: createAuthApi({ language: () => 'fr', words: () => words }),
    search,
    go,
    follow: vi.fn(),
    signedIn,
  };
  render(<AuthApp ctx={ctx} screen={{ pathname, search, notice, codeSent }} language="fr" onLanguage={vi.fn(async () => true)} />);
  return { go, signedIn };
}

function fillLogin(form: HTMLElement, login: string, password: string) {
  fireEvent.change(within(form).getByLabelText(field('Identifiant')), { target: { value: login } });
  fireEvent.change(within(form).getByLabelText(field('Mot de passe')), { target: { value: password } });
}

describe('the light sign-in page', () => {
  it('shows the form in French with labelled fields and the links to the other pages', () => {
    server({ '/api/v2/auth/providers': { body: { success: true, data: PROVIDERS } } });
    show('/auth/login', { search: '?redirect=%2Fprofile' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Connexion');
    const form = screen.getByTestId('login-form');
    expect(within(form).getByLabelText(field('Identifiant')).getAttribute('autocomplete')).toBe('username');
    expect(within(form).getByLabelText(field('Mot de passe')).getAttribute('type')).toBe('password');
    expect(within(form).getByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' }).getAttribute('href')).toBe('/auth/forgot-password?redirect=%2Fprofile');
    expect(screen.getByRole('link', { name: 'Créer un compte' }).getAttribute('href')).toBe('/auth/create-account');
    expect(screen.getByRole('combobox', { name: 'Langue' })).toBeTruthy();
    expect(document.title).toBe('Connexion · Enquêtes');
  });

  it('checks both fields before calling the server, with the French messages tied to the inputs', async () => {
    const fetch = server({ '/api/v2/auth/providers': { body: { success: true, data: PROVIDERS } } });
    show('/auth/login');
    fireEvent.submit(screen.getByTestId('login-form'));
    const login = screen.getByLabelText(field('Identifiant'));
    await waitFor(() => expect(login.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText("L'identifiant est obligatoire").id).toBe(login.getAttribute('aria-describedby')?.split(' ').at(-1));
    expect(screen.getByText('Le mot de passe est obligatoire')).toBeTruthy();
    expect((fetch.mock.calls as unknown as Array<[string]>).map(([url]) => url)).not.toContain('/api/v2/auth/login');
  });

  it('sends the login with the device and shows the server message as an alert', async () => {
    const fetch = server({
      '/api/v2/auth/login': { status: 401, body: { success: false, message: 'Identifiants incorrects' } },
      '/api/v2/auth/providers': { body: { success: true, data: PROVIDERS } },
    });
    const { signedIn } = show('/auth/login');
    const form = screen.getByTestId('login-form');
    fillLogin(form, ' awa ', 'secret123');
    fireEvent.submit(form);
    expect((await screen.findByRole('alert')).textContent).toBe('Identifiants incorrects');
    const calls = fetch.mock.calls as unknown as Array<[string, RequestInit]>;
    const [, init] = calls.find(([path]) => path === '/api/v2/auth/login')!;
    expect(JSON.parse(String(init.body))).toMatchObject({ login: 'awa', password: 'secret123', device: { ref: expect.any(String) } });
    expect(new Headers(init.headers).get('Accept-Language')).toBe('fr');
    expect(signedIn).not.toHaveBeenCalled();
  });

  it('hands a successful answer to the sign-in completion', async () => {
    const answer = { token: 't', refresh_token: 'r', user: { id: 41, name: 'Awa' } };
    server({ '/api/v2/auth/login': { body: { success: true, data: answer } }, '/api/v2/auth/providers': { body: { success: true, data: PROVIDERS } } });
    const { signedIn } = show('/auth/login');
    const form = screen.getByTestId('login-form');
    fillLogin(form, 'awa', 'secret123');
    fireEvent.submit(form);
    await waitFor(() => expect(signedIn).toHaveBeenCalledWith(answer));
  });

  it('sends an account never validated to the code step of sign-up', async () => {
    server({
      '/api/v2/auth/login': { status: 403, body: { success: false, code: 'account_not_validated', message: 'Compte non validé' } },
      '/api/v2/auth/providers': { body: { success: true, data: PROVIDERS } },
    });
    const { go } = show('/auth/login');
    const form = screen.getByTestId('login-form');
    fillLogin(form, 'awa@exemple.cm', 'secret123');
    fireEvent.submit(form);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/auth/create-account?step=validate&email=awa%40exemple.cm'));
  });

  it('says another account is added when accounts are already open here, and what the previous page said', () => {
    server({ '/api/v2/auth/providers': { body: { success: true, data: PROVIDERS } } });
    accounts.save(makeAccount('k3x9pq'));
    show('/auth/login', { search: '?force=true', notice: 'loggedOut' });
    expect(screen.getByText('Connectez un autre compte : ceux déjà ouverts dans ce navigateur le restent.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Vous êtes déconnecté.');
  });

  it('shows the configured social providers only', async () => {
    server({ '/api/v2/auth/providers': { body: { success: true, data: { ...PROVIDERS, google: true, google_client_id: 'abc' } } } });
    show('/auth/login');
    const social = await screen.findByTestId('social-buttons');
    expect(within(social).getByRole('button', { name: 'Continuer avec Google' })).toBeTruthy();
    expect(within(social).queryByRole('button', { name: 'Continuer avec Facebook' })).toBeNull();
  });

  it('speaks another language with the same keys (the mobile variant in English)', async () => {
    server({ '/api/v2/auth/providers': { body: { success: true, data: PROVIDERS } } });
    const words: AuthWords = await loadWords('en');
    show('/auth/mobile', { words });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in (mobile app)');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
  it('confirms a language switch once the page speaks it', async () => {
    server({ '/api/v2/auth/providers': { body: { success: true, data: PROVIDERS } } });
    const onLanguage = vi.fn(async () => true);
    const ctx: AuthContext = { words: FRENCH_WORDS, language: 'fr', api: createAuthApi({ language: () => 'fr', words: () => FRENCH_WORDS }), search: '', go: vi.fn(), follow: vi.fn(), signedIn: vi.fn() };
    render(<AuthApp ctx={ctx} screen={{ pathname: '/auth/login', search: '', notice: null, codeSent: false }} language="fr" onLanguage={onLanguage} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Langue' }), { target: { value: 'en' } });
    expect((await screen.findByRole('status')).textContent).toContain("L'interface est maintenant en français.");
    expect(onLanguage).toHaveBeenCalledWith('en');
  });
});

describe('the password pages', () => {
  it('asks for a code and goes to the reset form with the answer id', async () => {
    const fetch = server({ '/api/v2/auth/request-password-token': { body: { success: true, data: { user: { id: 'r-1' } } } } });
    const { go } = show('/auth/forgot-password');
    const form = screen.getByTestId('forgot-password-form');
    fireEvent.submit(form);
    expect(await screen.findByText("L'identifiant est obligatoire")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(field('Identifiant')), { target: { value: 'awa' } });
    fireEvent.submit(form);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/auth/forgot-password-reset?id=r-1&login=awa'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('changes the password with the code and returns to sign-in with the message', async () => {
    const fetch = server({ '/api/v2/auth/reset-password/r-1': { body: { success: true, data: { reset: true } } } });
    const { go } = show('/auth/forgot-password-reset', { search: '?id=r-1&login=awa', codeSent: true });
    expect(screen.getByText('Saisissez le code reçu pour awa et votre nouveau mot de passe.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Si un compte correspond, un code vient de lui être envoyé.');
    const form = screen.getByTestId('reset-password-form');
    fireEvent.change(within(form).getByLabelText(field('Code de validation')), { target: { value: '123456' } });
    fireEvent.change(within(form).getByLabelText(field('Nouveau mot de passe')), { target: { value: 'Retrouve2026!' } });
    fireEvent.change(within(form).getByLabelText(field('Confirmation du mot de passe')), { target: { value: 'Retrouve2026!' } });
    fireEvent.submit(form);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/auth/login', { replace: true, notice: 'resetDone' }));
    const [, init] = (fetch.mock.calls as unknown as Array<[string, RequestInit]>)[0];
    expect(JSON.parse(String(init.body))).toEqual({ code: '123456', password: 'Retrouve2026!', password_confirmation: 'Retrouve2026!' });
  });

  it('shows the server field messages of a refused reset under their inputs', async () => {
    server({
      '/api/v2/auth/reset-password/r-1': {
        status: 400,
        body: { success: false, message: 'Données invalides', data: { password_confirmation: ['Les mots de passe ne correspondent pas'] } },
      },
    });
    show('/auth/forgot-password-reset', { search: '?id=r-1&login=awa' });
    const form = screen.getByTestId('reset-password-form');
    fireEvent.change(within(form).getByLabelText(field('Code de validation')), { target: { value: '123456' } });
    fireEvent.change(within(form).getByLabelText(field('Nouveau mot de passe')), { target: { value: 'Retrouve2026!' } });
    fireEvent.change(within(form).getByLabelText(field('Confirmation du mot de passe')), { target: { value: 'Autre2026!' } });
    fireEvent.submit(form);
    expect(await screen.findByText('Les mots de passe ne correspondent pas')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Données invalides');
  });

  it('says a reset address without its id is incomplete', () => {
    show('/auth/forgot-password-reset');
    expect(screen.getByRole('alert').textContent).toBe('Ce lien de réinitialisation est incomplet : demandez un nouveau code.');
    expect(screen.getByRole('link', { name: 'Retour à la connexion' }).getAttribute('href')).toBe('/auth/login');
  });
});

describe('sign-up on the light page', () => {
  function fillSignup(form: HTMLElement, values: { name: string; email: string; password: string; confirmation: string }) {
    fireEvent.change(within(form).getByLabelText(field('Nom et prénom')), { target: { value: values.name } });
    fireEvent.change(within(form).getByLabelText(field('Adresse e-mail')), { target: { value: values.email } });
    fireEvent.change(within(form).getByLabelText(field('Mot de passe')), { target: { value: values.password } });
    fireEvent.change(within(form).getByLabelText(field('Confirmation du mot de passe')), { target: { value: values.confirmation } });
  }

  it('shows the form with its fields, the link back to sign-in and the title', () => {
    server({ '/api/v2/auth/providers': { body: { success: true, data: PROVIDERS } } });
    show('/auth/create-account');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Créer un compte');
    const form = screen.getByTestId('signup-form');
    expect(within(form).getByLabelText(field('Adresse e-mail')).getAttribute('autocomplete')).toBe('email');
    expect(within(form).getByLabelText(field('Mot de passe')).getAttribute('autocomplete')).toBe('new-password');
    expect(within(form).getByRole('checkbox', { name: 'Je souhaite recevoir les offres promotionnelles' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/auth/login');
    expect(document.title).toBe('Créer un compte · Enquêtes');
  });

  it('checks the section-5 rules before calling the server, messages tied to their inputs', async () => {
    const fetch = server({ '/api/v2/auth/providers': { body: { success: true, data: PROVIDERS } } });
    show('/auth/create-account');
    const form = screen.getByTestId('signup-form');
    fillSignup(form, { name: 'Awa', email: 'awa@exemple', password: 'MonSecret2026', confirmation: 'autre-chose' });
    fireEvent.submit(form);
    expect(await screen.findByText('Les mots de passe ne correspondent pas')).toBeTruthy();
    const email = within(form).getByLabelText(field('Adresse e-mail'));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBeTruthy();
    expect((fetch.mock.calls as unknown as Array<[string]>).map(([url]) => url)).not.toContain('/api/v2/auth/register');
  });

  it('registers with the trimmed values and the offers, then goes to the code step', async () => {
    const fetch = server({
      '/api/v2/auth/providers': { body: { success: true, data: PROVIDERS } },
      '/api/v2/auth/register': { body: { success: true, data: { email: 'awa@exemple.cm' } } },
    });
    const { go } = show('/auth/create-account');
    const form = screen.getByTestId('signup-form');
    fillSignup(form, { name: ' Awa Ndiaye ', email: ' awa@exemple.cm ', password: 'MonSecret2026', confirmation: 'MonSecret2026' });
    fireEvent.click(within(form).getByRole('checkbox'));
    fireEvent.submit(form);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/auth/create-account?step=validate&email=awa%40exemple.cm'));
    const [, init] = (fetch.mock.calls as unknown as Array<[string, RequestInit]>).find(([url]) => url === '/api/v2/auth/register')!;
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Awa Ndiaye', email: 'awa@exemple.cm', password: 'MonSecret2026', password_confirmation: 'MonSecret2026', promotional_offers: true });
  });

  it('shows a refused sign-up as an alert with the field messages under their inputs', async () => {
    server({
      '/api/v2/auth/providers': { body: { success: true, data: PROVIDERS } },
      '/api/v2/auth/register': { status: 400, body: { success: false, message: 'Données invalides', data: { email: ['Adresse refusée'] } } },
    });
    show('/auth/create-account');
    const form = screen.getByTestId('signup-form');
    fillSignup(form, { name: 'Awa', email: 'awa@exemple.cm', password: 'MonSecret2026', confirmation: 'MonSecret2026' });
    fireEvent.submit(form);
    expect((await screen.findByRole('alert')).textContent).toContain('Données invalides');
    expect(within(form).getByText('Adresse refusée').id).toBe(within(form).getByLabelText(field('Adresse e-mail')).getAttribute('aria-describedby'));
  });

  it('validates with the code and signs in, or sends to sign-in with the notice', async () => {
    const answer = { token: 't', refresh_token: 'r', user: { id: 41, name: 'Awa' } };
    const fetch = server({ '/api/v2/auth/validate-account': { body: { success: true, data: answer } } });
    const { signedIn } = show('/auth/create-account', { search: '?step=validate&email=awa%40exemple.cm' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Valider votre compte');
    expect(screen.getByTestId('create-account-subtitle').textContent).toBe('Saisissez le code à 6 chiffres envoyé à awa@exemple.cm.');
    const form = screen.getByTestId('validate-account-form');
    fireEvent.submit(form);
    expect(await screen.findByText('Le code comporte 6 chiffres')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(field('Code de validation')), { target: { value: '123456' } });
    fireEvent.submit(form);
    await waitFor(() => expect(signedIn).toHaveBeenCalledWith(answer));
    const [, init] = (fetch.mock.calls as unknown as Array<[string, RequestInit]>)[0];
    expect(JSON.parse(String(init.body))).toMatchObject({ email: 'awa@exemple.cm', code: '123456', device: { ref: expect.any(String) } });
    cleanup();
    server({ '/api/v2/auth/validate-account': { body: { success: true, data: { validated: true } } } });
    const { go } = show('/auth/create-account', { search: '?step=validate&email=awa%40exemple.cm' });
    fireEvent.change(screen.getByLabelText(field('Code de validation')), { target: { value: '654321' } });
    fireEvent.submit(screen.getByTestId('validate-account-form'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/auth/login', { notice: 'validated' }));
  });

  it('follows the browser language (else English) until one is picked; the other pages start in French', () => {
    expect(startLanguage(localStorage, '/auth/create-account', ['es-MX', 'en'])).toBe('es-MX');
    expect(startLanguage(localStorage, '/auth/create-account', ['ja'])).toBe('en');
    expect(startLanguage(localStorage, '/auth/login', ['de'])).toBe('fr');
    localStorage.setItem('app-language', 'zh-CN');
    expect(startLanguage(localStorage, '/auth/create-account', ['de'])).toBe('zh-CN');
  });
});

describe('the controls of every light page', () => {
  it('shows and hides each password, named in the page language with its state', async () => {
    server({ '/api/v2/auth/providers': { body: { success: true, data: PROVIDERS } } });
    show('/auth/create-account');
    const form = screen.getByTestId('signup-form');
    const toggles = within(form).getAllByRole('button', { name: 'Afficher le mot de passe' });
    expect(toggles).toHaveLength(2);
    const password = within(form).getByLabelText(field('Mot de passe')) as HTMLInputElement;
    fireEvent.change(password, { target: { value: 'MonSecret2026' } });
    expect(toggles[0].getAttribute('aria-pressed')).toBe('false');
    expect(toggles[0].getAttribute('aria-controls')).toBe(password.id);
    fireEvent.click(toggles[0]);
    expect(toggles[0].getAttribute('aria-pressed')).toBe('true');
    expect(password.type).toBe('text');
    expect(password.value).toBe('MonSecret2026');
    expect((within(form).getByLabelText(field('Confirmation du mot de passe')) as HTMLInputElement).type).toBe('password');
    fireEvent.click(toggles[0]);
    expect(password.type).toBe('password');
    cleanup();
    const words = await loadWords('de');
    show('/auth/login', { words });
    expect(screen.getByRole('button', { name: 'Passwort anzeigen' }).getAttribute('type')).toBe('button');
  });

  it('switches between light and dark, kept under the app key', () => {
    server({ '/api/v2/auth/providers': { body: { success: true, data: PROVIDERS } } });
    document.documentElement.dataset.scheme = 'light';
    show('/auth/login');
    fireEvent.click(screen.getByRole('button', { name: 'Passer au thème sombre' }));
    expect(document.documentElement.dataset.scheme).toBe('dark');
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');
    fireEvent.click(screen.getByRole('button', { name: 'Passer au thème clair' }));
    expect(document.documentElement.dataset.scheme).toBe('light');
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('light');
  });
});
