import './dom-shims';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../app/AppProviders';
import { initI18n } from '../i18n/i18n';
import { accounts } from '../lib/session/account-store';
import { grant, makeAccount, makeAgent } from './account-fixtures';

export const UI_SID = 'ab12cd';

// Autosizing text areas listen to font loading, which jsdom does not implement.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined }, configurable: true });
}

/** Stores a signed-in agent of company 10 holding `permissions`, under UI_SID. */
export function storeUiAgent(...permissions: string[]) {
  const account = makeAccount(UI_SID, { agents: [makeAgent(7, 10, grant(...permissions))] });
  accounts.save(account);
  return account;
}

/**
 * Renders a component inside the app's providers (test mode) and a router at `path`,
 * so links, `useParams` (sessionID) and the query string behave as in the app.
 */
export async function renderUi(ui: ReactNode, path = `/${UI_SID}/business/view/things`) {
  await initI18n();
  const router = createMemoryRouter([{ path: '/:sessionID/*', element: ui }, { path: '*', element: <p>ailleurs</p> }], { initialEntries: [path] });
  const view = render(
    <AppProviders env="test" queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
