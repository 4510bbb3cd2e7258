import '../../../test/dom-shims';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../../../app/AppProviders';
import { initI18n } from '../../../i18n/i18n';
import { accounts } from '../../../lib/session/account-store';
import { grant, makeAccount, makeAgent } from '../../../test/account-fixtures';
import { loadSurveysI18n } from '../surveys-i18n';

export const TEST_SID = 'ab12cd';

// Autosizing text areas listen to font loading, which jsdom does not implement.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined }, configurable: true });
}

/** Stores a signed-in agent of company 10 holding `permissions`, under TEST_SID. */
export function storeAgent(...permissions: string[]) {
  const account = makeAccount(TEST_SID, { agents: [makeAgent(7, 10, grant(...permissions))] });
  accounts.save(account);
  return account;
}

/**
 * Renders a survey component inside the app's providers (test mode) and a router at
 * `path`, so links, `useParams` (sessionID) and the query string behave as in the app.
 */
export async function renderSurveyUi(ui: ReactNode, path = `/${TEST_SID}/business/view/surveys/form/1`) {
  await initI18n();
  await loadSurveysI18n();
  const router = createMemoryRouter([{ path: '/:sessionID/*', element: ui }], { initialEntries: [path] });
  const view = render(
    <AppProviders env="test" queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
