import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('renders the legal pages in French', async () => {
    await renderRoute('/platform/terms-and-conditions');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe("Conditions générales d'utilisation");
    cleanup();
    await renderRoute('/platform/privacy-policy');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Politique de confidentialité');
  });

  it('confirms a language change with a toast in the new language', async () => {
    await renderRoute('/platform/terms-and-conditions');
    const select = (await screen.findByTestId('lang-switch')) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'en' } });
    expect(await screen.findByText('Language changed')).toBeTruthy();
  });

  it('switches language on a legal page too (its lazily added namespace must not break loading)', async () => {
    await renderRoute('/platform/privacy-policy');
    fireEvent.change(await screen.findByTestId('lang-switch'), { target: { value: 'de' } });
    expect(await screen.findByText('Sprache geändert')).toBeTruthy();
  });
});
