import '../test/dom-shims';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { initI18n } from '../i18n/i18n';
import { setToastNavigator, showToast, TOAST_CONTAINER_PROPS, toastOptions } from './toast';

beforeAll(async () => {
  await initI18n();
});

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  setToastNavigator(null);
});

describe('toast options (section 9)', () => {
  it('lasts 3500 ms, top right, without icon or close button', () => {
    const options = toastOptions({ title: 'Titre', message: 'Texte' });
    expect(options).toMatchObject({ autoClose: 3500, position: 'top-right', withCloseButton: false, icon: undefined });
    expect(options.classNames).toMatchObject({ root: 'app-toast' });
  });

  it('shows at most 8 at once, top right, 3500 ms by default', () => {
    expect(TOAST_CONTAINER_PROPS).toEqual({ position: 'top-right', limit: 8, autoClose: 3500 });
  });

  it('gives each newer toast a higher priority so it is listed first', () => {
    const first = toastOptions({ message: 'a' });
    const second = toastOptions({ message: 'b' });
    expect(second.priority).toBeGreaterThan(first.priority ?? 0);
    expect(second.id).not.toBe(first.id);
  });
});

describe('showToast', () => {
  it('renders the newest toast on top and caps the visible ones at 8', async () => {
    render(<AppProviders env="test">{null}</AppProviders>);
    act(() => {
      for (let i = 1; i <= 10; i++) showToast({ message: `Message ${i}` });
    });
    // The container is its own chunk (app/Toasts.tsx): toasts shown before it arrives wait for it.
    await waitFor(() => expect(screen.getAllByText(/^Message \d+$/)).toHaveLength(8));
    const shown = screen.getAllByText(/^Message \d+$/).map((node) => node.textContent);
    expect(shown[0]).toBe('Message 10');
    expect(shown[7]).toBe('Message 3');
  });

  it('adds a "Consulter" link that navigates in the app', async () => {
    const visited: string[] = [];
    setToastNavigator((href) => visited.push(href));
    render(<AppProviders env="test">{null}</AppProviders>);
    act(() => {
      showToast({ title: 'Nouvelle diffusion', message: 'Réunion demain', href: '/s1/web/diffusions' });
    });
    const link = await screen.findByRole('link', { name: 'Consulter' });
    expect(link.getAttribute('href')).toBe('/s1/web/diffusions');
    act(() => link.click());
    expect(visited).toEqual(['/s1/web/diffusions']);
    expect(document.querySelector('.app-toast button')).toBeNull();
  });
});
