import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n/i18n';
import { makeAccount } from '../../../test/account-fixtures';
import { renderUi, UI_SID } from '../../../test/render-ui';
import { AccountMenu } from './AccountMenu';

afterEach(async () => {
  cleanup();
  act(() => notifications.clean());
  await changeLanguage('fr');
  vi.unstubAllGlobals();
});

/** A screen as wide as `phone` says: the shell's phone query matches or not. */
function screenWidth(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

async function openMenu() {
  await renderUi(<AccountMenu account={makeAccount(UI_SID)} />);
  fireEvent.click(await screen.findByTestId('account-menu'));
  return screen.findByRole('menu');
}

/** Inside role="menu" only menu entries may be focusable (axe aria-required-children). */
function strayFocusables(menu: HTMLElement): string[] {
  const entries = new Set(['menuitem', 'menuitemradio', 'menuitemcheckbox']);
  return [...menu.querySelectorAll<HTMLElement>('a, button, input, select, textarea, [tabindex]')]
    .filter((el) => !entries.has(el.getAttribute('role') ?? ''))
    .map((el) => el.outerHTML.slice(0, 120));
}

describe('account menu', () => {
  it('holds only menu entries and focuses the first one when it opens', async () => {
    screenWidth(false);
    const menu = await openMenu();
    expect(strayFocusables(menu)).toEqual([]);
    // The language and theme stay in the header on a wide screen.
    expect(within(menu).queryAllByRole('menuitemradio')).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Mon profil' })));
  });

  it('offers the language and the theme as menu entries on a phone, and changes the language', async () => {
    screenWidth(true);
    const menu = await openMenu();
    expect(strayFocusables(menu)).toEqual([]);
    const french = within(menu).getByRole('menuitemradio', { name: 'Français' });
    expect(french.getAttribute('aria-checked')).toBe('true');
    expect(within(menu).getByRole('menuitemradio', { name: '简体中文' }).getAttribute('lang')).toBe('zh-CN');
    expect(within(menu).getByRole('menuitem', { name: 'Passer au thème sombre' })).toBeTruthy();
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: 'English' }));
    expect(await screen.findByText('Language changed')).toBeTruthy();
  });
});
