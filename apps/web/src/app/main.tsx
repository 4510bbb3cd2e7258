// Mantine's stylesheets first, before any module that brings its own CSS.
import './mantine-styles';
import { lazy, StrictMode, startTransition, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { applyStoredLanguage, initI18n } from '../i18n/i18n';
import { bootErrorReporting } from '../lib/error-reporting/boot';
import { welcomeHandedOverSignIn } from '../features/identity/auth/welcome-sign-in';
import { installSessionHandling } from '../lib/session/session-wiring';
import { nextTask, WhenIdle } from '../lib/when-idle';
import { setToastNavigator } from '../lib/toast';
import { warmFormatters } from '../ui/format';
import { AppProviders } from './AppProviders';
import { createAppRouter, waitForRouter } from './router';

// Not needed for the first paint: the service-worker code loads after the page.
const UpdatePrompt = lazy(() => import('./UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

async function start(): Promise<void> {
  // Off unless the server names a DSN; the SDK is fetched only then (lib/error-reporting).
  bootErrorReporting('app');
  // Section 4, start-up: French interface and mount once routing is ready. The app
  // type (WEB) travels as the App-Type header of every call (lib/http.ts).
  await initI18n();
  // Then the language chosen on this device before (kept across reloads).
  await applyStoredLanguage();
  // Each start-up step its own task (a slow phone's TBT, issue 23).
  await nextTask();
  // Before the router: its first loaders already start the session of the address.
  let router: ReturnType<typeof createAppRouter> | null = null;
  installSessionHandling({
    navigate: (to) => void router?.navigate(to),
    isRouting: () => !router?.state.initialized || router.state.navigation.state !== 'idle',
  });
  const appRouter = createAppRouter();
  router = appRouter;
  setToastNavigator((href) => void appRouter.navigate(href));
  await nextTask();
  await waitForRouter(appRouter);
  await nextTask();

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // In a transition, React renders the first page in slices of a few milliseconds and lets
  // the browser in between: no long task on a slow phone (Lighthouse's TBT, issue 23). The
  // page's texts may arrive before it commits: `useT` draws them then (i18n/text-namespace.ts).
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={appRouter} />
          <WhenIdle>
            <Suspense fallback={null}>
              <UpdatePrompt />
            </Suspense>
          </WhenIdle>
        </AppProviders>
      </StrictMode>,
    ),
  );
  // Loaded by the light sign-in page: its welcome, language and invitations run here.
  welcomeHandedOverSignIn();
  void warmFormatters();
}

void start();
