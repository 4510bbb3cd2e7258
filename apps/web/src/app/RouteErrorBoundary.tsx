/// <reference types="vite/client" />
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { StatusScreen } from '../ui/StatusScreen';

/**
 * Last resort for a route that throws (a render bug, a chunk that failed to load after
 * a deploy): the same error screen as /error, rather than React Router's dev screen.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (import.meta.env?.DEV) console.error(error);
  return <StatusScreen testId="error-page" status={status} />;
}
