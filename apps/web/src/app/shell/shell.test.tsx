import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accounts } from '../../lib/session/account-store';
import { grant, makeAccount, makeAgent, makeUser } from '../../test/account-fixtures';
import { renderRoute } from '../../test/render-route';

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  for (const account of accounts.list()) accounts.remove(account.sid);
  document.documentElement.classList.remove('has-app-header');
  vi.unstubAllGlobals();
});

let counter = 0;
/** A signed-in agent whose GET auth answers the same user; other calls answer empty lists. */
function signInAgent(...permissions: string[]) {
  const sid = `sh${String(++counter).padStart(3, '0')}q`;
  const agents = [makeAgent(7, 10, grant(...permissions))];
  accounts.save(makeAccount(sid, { agents }));
  const user = makeUser({ agents });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => new Response(JSON.stringify({ success: true, data: String(url) === '/api/v2/auth' ? user : [] }), { status: 200 })),
  );
  return sid;
}

describe('application shell', { timeout: 30_000 }, () => {
  it('lists the entries the account may open, marks the current one and keeps toasts below the header', async () => {
    const sid = signInAgent('surveys.show');
    await renderRoute(`/${sid}/business`);
    const nav = await screen.findByTestId('side-nav');
    const links = within(nav).getAllByTestId('nav-item');
    const labels = links.map((link) => link.textContent);
    expect(labels).toEqual(expect.arrayContaining(['Tableau de bord', 'Formulaires', 'Accueil client', 'Mes formulaires', 'Mon profil']));
    expect(labels).not.toContain('Questions par défaut');
    expect(within(nav).getByRole('link', { name: 'Tableau de bord' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Formulaires' }).getAttribute('aria-current')).toBeNull();
    // At an entry's own address there is nothing to go back to: no breadcrumbs.
    expect(screen.queryByRole('navigation', { name: "Fil d'Ariane" })).toBeNull();
    expect(document.documentElement.classList.contains('has-app-header')).toBe(true);
    expect(screen.getByRole('link', { name: 'Aller au contenu' }).getAttribute('href')).toBe('#main-content');
  });

  it('shows the section and the entry as breadcrumbs below an entry', async () => {
    const sid = signInAgent();
    await renderRoute(`/${sid}/profile/notifications`);
    const trail = await screen.findByRole('navigation', { name: "Fil d'Ariane" });
    expect(within(trail).getByText('Mon compte')).toBeTruthy();
    expect(within(trail).getByRole('link', { name: 'Mon profil' }).getAttribute('href')).toBe(`/${sid}/profile`);
    await waitFor(() => expect(within(screen.getByTestId('side-nav')).getByRole('link', { name: 'Mon profil' }).getAttribute('aria-current')).toBe('page'));
  });
});
