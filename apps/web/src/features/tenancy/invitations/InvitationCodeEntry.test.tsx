import '../../../test/dom-shims';
import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/AppProviders';
import { initI18n } from '../../../i18n/i18n';
import { accounts } from '../../../lib/session/account-store';
import { makeAccount } from '../../../test/account-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { InvitationCodeEntry } from './InvitationCodeEntry';

const SID = 'ic12ab';
const CODE = '0123456789ABCDEF';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const claimed = {
  id: 41,
  status: 'pending',
  datas: { job: 'Enquêtrice' },
  company_id: 10,
  expires_at: '2026-12-12T00:00:00.000Z',
  created_at: '2026-11-28T00:00:00.000Z',
  host: { name: 'Alain Ndongo' },
  company: { id: 10, name: 'Démo SARL', code: 'DEMSRL', logo: null },
};

function renderEntry(initialCode = '') {
  accounts.save(makeAccount(SID));
  const router = createMemoryRouter([{ path: '/:sessionID/*', element: <InvitationCodeEntry sid={SID} initialCode={initialCode} /> }], {
    initialEntries: [`/${SID}/invitation`],
  });
  return render(
    <AppProviders env="test" queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const input = () => screen.getByLabelText("Code d'invitation") as HTMLInputElement;
const send = () => fireEvent.click(screen.getByRole('button', { name: "Ouvrir l'invitation" }));

describe("J'ai un code d'invitation", { timeout: 30_000 }, () => {
  it('says what a code looks like without asking the server, then shows the server’s reason for an unknown one', async () => {
    const api = fakeApi({
      'POST invitations/claim': () => ({ status: 404, body: { success: false, code: 'unknown_code', message: 'Aucune invitation ne correspond à ce code.' } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderEntry();
    fireEvent.change(input(), { target: { value: 'abc' } });
    send();
    expect(await screen.findByText('Le code compte 16 caractères : chiffres et lettres de A à F.')).toBeTruthy();
    expect(api.calls).toEqual([]);
    fireEvent.change(input(), { target: { value: 'ffff ffff ffff ffff' } });
    send();
    expect(await screen.findByText('Aucune invitation ne correspond à ce code.')).toBeTruthy();
    expect(api.calls.map((c) => c.body)).toEqual([{ code: 'FFFFFFFFFFFFFFFF' }]);
  });

  it('opens the code of the link at once and lets the person accept the invitation', async () => {
    const api = fakeApi({
      'POST invitations/claim': () => ({ body: { data: claimed } }),
      'POST invitations/41/accept': () => ({ body: { data: { id: 41, status: 'accepted', company_id: 10, guest_agent_id: 5, datas: {} } } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderEntry(CODE);
    const card = await screen.findByTestId('invitation-by-code');
    expect(card.textContent).toContain('Alain Ndongo vous invite à rejoindre l’entreprise Démo SARL');
    expect(card.textContent).toContain('Poste proposé : Enquêtrice');
    expect(api.calls[0]?.body).toEqual({ code: CODE });
    fireEvent.click(screen.getByRole('button', { name: 'Accepter' }));
    expect(await screen.findByText('Vous avez rejoint Démo SARL')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accepter' })).toBeNull());
    expect(screen.getByRole('link', { name: "Aller à l'espace entreprise" }).getAttribute('href')).toBe(`/${SID}/business`);
  });
});
