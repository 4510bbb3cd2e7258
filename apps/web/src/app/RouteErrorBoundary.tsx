/// <reference types="vite/client" />
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportError } from '../lib/error-reporting/boot';
import { StatusScreen } from '../ui/StatusScreen';

/**
 * Last resort for a route that throws (a render bug, a chunk that failed to load after
 * a deploy): the same error screen as /error, rather than React Router's dev screen.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (import.meta.env?.DEV) console.error(error);
  // React Router catches what a route throws, so the SDK's global handlers never see it.
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportError(error);
  }, [error]);
  return <StatusScreen testId="error-page" status={status} />;
}
