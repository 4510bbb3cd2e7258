import { i18n } from '../i18n/i18n';
import { isApiError } from './http-error';
import { showToast } from './toast';

/**
 * The user-facing error handler of section 8: the ApiError already carries the
 * server text or the status message; 403 is a warning rather than an error.
 * Cancelled calls are silent because the user caused them.
 */
export function showError(error: unknown): void {
  if (isApiError(error) && error.kind === 'aborted') return;
  const message = isApiError(error) ? error.message : i18n.t('errors:unknown');
  const warning = isApiError(error) && error.status === 403;
  showToast({
    title: i18n.t(warning ? 'errors:warningTitle' : 'errors:title'),
    message,
    tone: warning ? 'warning' : 'error',
  });
}
