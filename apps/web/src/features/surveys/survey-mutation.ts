import { useMutation } from '@tanstack/react-query';
import { showError } from '../../lib/show-error';
import { showToast } from '../../lib/toast';
import { useInvalidateSurveys } from './survey-queries';

interface Options<TResult> {
  /** Success toast text (or a function of the result); none when absent. */
  success?: string | ((result: TResult) => string);
  onSuccess?: (result: TResult) => void;
  /** Leave the cache alone (e.g. a download). */
  skipInvalidate?: boolean;
}

/**
 * A write of the survey screens: on success an optional toast and a refetch of the
 * cached survey data; on failure the section 8 handler (server message in French).
 */
export function useSurveyMutation<TVars, TResult>(run: (vars: TVars) => Promise<TResult>, options: Options<TResult> = {}) {
  const invalidate = useInvalidateSurveys();
  return useMutation({
    mutationFn: run,
    onSuccess: async (result) => {
      if (!options.skipInvalidate) await invalidate();
      if (options.success) {
        const message = typeof options.success === 'function' ? options.success(result) : options.success;
        showToast({ message, tone: 'success' });
      }
      options.onSuccess?.(result);
    },
    onError: (error) => showError(error),
  });
}
