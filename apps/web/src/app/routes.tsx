import { WEB_ROUTES } from '@app/contracts/routes';
import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { authEntryRoutes } from './auth-entry-handover';
import { mediaForwardLoader } from './guard-loader';
import { RootLayout } from './RootLayout';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { webSurveyRoutes } from './web-survey-routes';
import { sessionRoutes } from './session-routes';
import { checkInvoiceRoute } from './commerce-routes';
import { qrcodePreviewRoute } from './survey-routes';

/** Keeps the query (e.g. `?force=true&redirect=...`) when a bare path forwards to a child. */
function forwardTo(path: string) {
  return ({ request }: LoaderFunctionArgs) => redirect(path + new URL(request.url).search);
}

/**
 * The whole route table. Every page is a lazy chunk so the first load only carries
 * the shell and the page asked for; paths come from `@app/contracts`.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    // Nothing to show while the first lazy page loads: main.tsx mounts after it.
    HydrateFallback: () => null,
    children: [
      // The landing page is disabled in the product and forwards to sign-in.
      { path: WEB_ROUTES.root, loader: forwardTo(WEB_ROUTES.authLogin) },
      {
        path: WEB_ROUTES.auth,
        lazy: () => import('../pages/auth/AuthLayout').then((m) => ({ Component: m.AuthLayout })),
        children: [
          { index: true, loader: forwardTo(WEB_ROUTES.authLogin) },
          // Sign-in, sign-up and the password pages are the light auth.html (authEntryRoutes).
          {
            path: WEB_ROUTES.authLogout,
            lazy: () => import('../pages/auth/LogoutPage').then((m) => ({ Component: m.LogoutPage })),
          },
        ],
      },
      ...authEntryRoutes,
      // The customers' survey pages and the signed-in link join the session's children.
      { ...sessionRoutes, children: [...(sessionRoutes.children ?? []), ...webSurveyRoutes] } as RouteObject,
      qrcodePreviewRoute,
      { path: WEB_ROUTES.media, loader: mediaForwardLoader },
      checkInvoiceRoute,
      {
        path: WEB_ROUTES.privacyPolicy,
        lazy: () => import('../pages/platform/PrivacyPolicyPage').then((m) => ({ Component: m.PrivacyPolicyPage })),
      },
      {
        path: WEB_ROUTES.termsAndConditions,
        lazy: () => import('../pages/platform/TermsPage').then((m) => ({ Component: m.TermsPage })),
      },
      {
        path: WEB_ROUTES.error,
        lazy: () => import('../pages/errors/ErrorPage').then((m) => ({ Component: m.ErrorPage })),
      },
      {
        path: WEB_ROUTES.errorCode,
        lazy: () => import('../pages/errors/ErrorPage').then((m) => ({ Component: m.ErrorPage })),
      },
      {
        path: '*',
        lazy: () => import('../pages/errors/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
];
