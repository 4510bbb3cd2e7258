import '../../../test/dom-shims';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/AppProviders';
import { initI18n } from '../../../i18n/i18n';
import { accounts } from '../../../lib/session/account-store';
import type { StoredAccount } from '../../../lib/session/account.types';
import { makeAccount, makeUser } from '../../../test/account-fixtures';
import { fakeApi } from '../../surveys/test/survey-fixtures';
import { ProfileNotificationsSection } from './ProfileNotificationsSection';

const SID = 'nt12ab';

beforeAll(async () => {
  await initI18n();
});

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

function renderSection(account: StoredAccount) {
  accounts.save(account);
  return render(
    <AppProviders env="test" queryClient={createQueryClient()}>
      <ProfileNotificationsSection account={account} />
    </AppProviders>,
  );
}

const switchNamed = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;

describe('profile, notifications section', { timeout: 30_000 }, () => {
  it('shows the stored choices as switches and saves the changed ones through profile/update', async () => {
    const account = makeAccount(SID);
    const saved = makeUser({
      notification_preferences: {
        channels: { email: true, sms: true, in_app: true },
        events: { invitations: true, contributions: true, broadcasts: false, reports: true },
      },
    });
    const api = fakeApi({ 'POST profile/update': () => ({ body: { data: saved } }) });
    vi.stubGlobal('fetch', api.fetch);
    renderSection(account);
    expect(switchNamed('SMS').checked).toBe(false);
    expect(switchNamed('E-mail').checked).toBe(true);
    fireEvent.click(switchNamed('SMS'));
    fireEvent.click(switchNamed('Les messages diffusés'));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST profile/update']));
    expect(api.calls[0]?.body).toEqual({ notification_preferences: saved.notification_preferences });
    expect(await screen.findByText('Préférences de notification enregistrées.')).toBeTruthy();
    expect(accounts.get(SID)?.usr.notification_preferences).toEqual(saved.notification_preferences);
  });

  it('reads an account stored without preferences again, and says so when that fails', async () => {
    const account = makeAccount(SID);
    const { notification_preferences: _dropped, ...olderUser } = account.usr;
    const api = fakeApi({ 'GET auth': () => ({ status: 500, body: { success: false, message: 'Erreur interne' } }) });
    vi.stubGlobal('fetch', api.fetch);
    renderSection({ ...account, usr: olderUser as StoredAccount['usr'] });
    expect(screen.getByTestId('notifications-loading')).toBeTruthy();
    expect(await screen.findByTestId('notifications-error')).toBeTruthy();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toContain('GET auth');
  });
});
