import '../test/dom-shims';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from '../i18n/i18n';
import { LANGUAGE_STORAGE_KEY } from '../i18n/language-preference';
import { AppProviders, createQueryClient } from '../app/AppProviders';
import { UpdatePromptDialog } from './UpdatePromptDialog';

function browserLanguages(languages: readonly string[]): void {
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });
}

async function renderPrompt() {
  await initI18n();
  render(
    <AppProviders env="test" queryClient={createQueryClient()}>
      <UpdatePromptDialog opened onReload={() => undefined} onClose={() => undefined} />
    </AppProviders>,
  );
  return screen.findByRole('alertdialog');
}

beforeEach(() => {
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

afterEach(async () => {
  cleanup();
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  await changeLanguage('fr');
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

describe('UpdatePromptDialog (sections 1 and 9)', () => {
  it("speaks the browser's language while none was picked, the app staying in French", async () => {
    browserLanguages(['de-DE', 'fr']);
    const prompt = await renderPrompt();
    expect(prompt.textContent).toContain('Neue Version verfügbar');
    expect(screen.getByTestId('update-reload').textContent).toContain('Neu laden');
    expect(screen.getByTestId('update-close').textContent).toContain('Schließen');
    // Not a choice: the app is still French and nothing was kept on the device.
    expect(i18n.language).toBe('fr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });

  it('speaks English when the browser asks for no language the app has', async () => {
    browserLanguages(['ja-JP']);
    const prompt = await renderPrompt();
    expect(prompt.textContent).toContain('New version available');
  });

  it('follows a language picked while it is open', async () => {
    browserLanguages(['de-DE']);
    await renderPrompt();
    await act(() => changeLanguage('es'));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(i18n.t('update:title', { lng: 'es' }));
    expect(screen.queryByText('Neue Version verfügbar')).toBeNull();
  });

  it('speaks the language picked on this device, whatever the browser says', async () => {
    browserLanguages(['de-DE']);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    const prompt = await renderPrompt();
    expect(prompt.textContent).toContain('Nouvelle version disponible');
    expect(screen.getByTestId('update-reload').textContent).toContain('Recharger');
  });
});
