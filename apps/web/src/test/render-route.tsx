import './dom-shims';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../app/AppProviders';
import { waitForRouter } from '../app/router';
import { routes } from '../app/routes';
import { initI18n } from '../i18n/i18n';

/** Renders the real route table at `path`, inside the real providers (test mode). */
export async function renderRoute(path: string) {
  await initI18n();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // As main.tsx does: render once the first match (and its redirects) is settled.
  await waitForRouter(router);
  const view = render(
    <AppProviders env="test" queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
