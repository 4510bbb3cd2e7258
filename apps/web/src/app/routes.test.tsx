import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accounts } from '../lib/session/account-store';
import { makeUser } from '../test/account-fixtures';
import { changeLanguage } from '../i18n/i18n';
import { renderRoute } from '../test/render-route';

afterEach(async () => {
  cleanup();
  act(() => notifications.clean());
  await changeLanguage('fr');
  vi.unstubAllGlobals();
});

describe('route table', () => {
  it('shows the catch-all page for an unknown path', async () => {
    await renderRoute('/nulle/part');
    const page = await screen.findByTestId('not-found');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Page introuvable');
    expect(within(page).getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/');
  });

  it('shows the error page with the French message of the status', async () => {
    await renderRoute('/error/403');
    const page = await screen.findByTestId('error-page');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Erreur 403');
    expect(page.textContent).toContain("Vous n'êtes pas autorisé à effectuer cette opération.");
  });

  it('shows a generic error page at /error', async () => {
    await renderRoute('/error');
    const page = await screen.findByTestId('error-page');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Une erreur est survenue');
  });

  it('forwards / to the login page, keeping the query', async () => {
    const { router } = await renderRoute('/?force=true');
    await screen.findByTestId('login-form');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toBe('?force=true');
  });

  it('renders the legal pages in French', async () => {
    await renderRoute('/platform/terms-and-conditions');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe("Conditions générales d'utilisation");
    cleanup();
    await renderRoute('/platform/privacy-policy');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Politique de confidentialité');
  });

  it('confirms a language change with a toast in the new language', async () => {
    await renderRoute('/auth/login');
    const select = (await screen.findByTestId('lang-switch')) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'en' } });
    expect(await screen.findByText('Language changed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('switches language on a legal page too (its lazily added namespace must not break loading)', async () => {
    await renderRoute('/platform/privacy-policy');
    fireEvent.change(await screen.findByTestId('lang-switch'), { target: { value: 'de' } });
    expect(await screen.findByText('Sprache geändert')).toBeTruthy();
  });
});

describe('login form', { timeout: 30_000 }, () => {
  it('shows the server message through the section-8 handler', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, message: 'Identifiants incorrects' }), {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    await renderRoute('/auth/login');
    const form = await screen.findByTestId('login-form');
    fireEvent.change(within(form).getByLabelText(/Identifiant/), { target: { value: 'awa' } });
    fireEvent.change(within(form).getByLabelText(/Mot de passe/), { target: { value: 'secret123' } });
    fireEvent.submit(form);
    expect(await screen.findByText('Identifiants incorrects')).toBeTruthy();
    const calls = fetch.mock.calls as unknown as Array<[string, RequestInit]>;
    const [url, init] = calls.find(([path]) => path === '/api/v2/auth/login')!;
    expect(url).toBe('/api/v2/auth/login');
    expect(JSON.parse(String(init.body))).toMatchObject({ login: 'awa', password: 'secret123', device: { ref: expect.any(String) } });
  });

  it('validates required fields before calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await renderRoute('/auth/login');
    fireEvent.submit(await screen.findByTestId('login-form'));
    await waitFor(() => expect(screen.getByText("L'identifiant est obligatoire")).toBeTruthy());
    expect(screen.getByText('Le mot de passe est obligatoire')).toBeTruthy();
    // Only the social providers are asked for; no sign-in call leaves the form.
    expect((fetch.mock.calls as unknown as Array<[string]>).map(([url]) => url)).not.toContain('/api/v2/auth/login');
  });

  it('stores the account under a new session id and opens the business view', async () => {
    const user = makeUser({ id: 41, name: 'Awa', type: 'customer' });
    const answer = {
      token: 't',
      refresh_token: 'r',
      expires_at: '2030-01-01T00:00:00Z',
      refresh_expires_at: '2030-02-01T00:00:00Z',
      user,
    };
    const byPath: Record<string, unknown> = {
      '/api/v2/auth/login': answer,
      '/api/v2/auth': user,
      '/api/v2/auth/providers': { google: false, facebook: false, google_client_id: null, facebook_app_id: null },
      '/api/v2/invitations/mine': [],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => new Response(JSON.stringify({ success: true, data: byPath[String(url)] ?? null }), { status: 200 })),
    );
    const { router } = await renderRoute('/auth/login');
    const form = await screen.findByTestId('login-form');
    fireEvent.change(within(form).getByLabelText(/Identifiant/), { target: { value: 'awa' } });
    fireEvent.change(within(form).getByLabelText(/Mot de passe/), { target: { value: 'secret123' } });
    fireEvent.submit(form);
    expect(await screen.findByText('Bienvenue Awa.')).toBeTruthy();
    await screen.findByTestId('business-home');
    const [, sid, area] = router.state.location.pathname.split('/');
    expect(area).toBe('business');
    expect(accounts.get(sid)?.sessionInfo).toMatchObject({ key: 't', key_res: 'r' });
    expect(accounts.get(sid)?.usr.id).toBe(41);
    accounts.remove(sid);
  });
});
