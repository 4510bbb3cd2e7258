import { type UseFormReturnType, useForm } from '@mantine/form';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../lib/http-error';
import { schemaFormErrors } from '../../lib/schema-language';
import { showError } from '../../lib/show-error';
import { showToast } from '../../lib/toast';

/**
 * Puts a 422's field errors (`data`: dotted path → messages) on the form's fields. What
 * matches no field comes back as a form-level message, so nothing the server said is lost.
 * Answers null when the error is not a field validation (the caller toasts it).
 */
export function applyServerErrors(form: Pick<UseFormReturnType<any>, 'setErrors' | 'getValues'>, error: unknown): string | null {
  if (!isApiError(error) || error.status !== 422 || Object.keys(error.fieldErrors).length === 0) return null;
  const values = form.getValues() as Record<string, unknown>;
  const onFields: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    const root = path.split('.')[0] ?? '';
    if (root in values) onFields[path] = messages.join('\n');
    else elsewhere.push(...messages);
  }
  form.setErrors(onFields);
  return elsewhere.length ? elsewhere.join('\n') : Object.keys(onFields).length ? '' : error.message;
}

export interface UseZodFormOptions<TValues extends Record<string, any>, TResult> {
  /** The contract's schema: the same rules as the server, checked before sending. */
  schema: z.ZodType;
  initialValues: TValues;
  /** Sends the parsed values (the schema's output: trimmed, coerced). */
  submit: (values: any) => Promise<TResult>;
  onSuccess?: (result: TResult) => void;
  /** A toast once saved (e.g. "Modifications enregistrées"). */
  successMessage?: string;
}

/**
 * A Mantine form checked by a zod schema of the contracts (its messages in the interface's
 * language, lib/schema-language.ts), whose submit sends the parsed
 * values, shows a loading state, puts the server's 422 messages on the fields and toasts
 * any other failure (section 8). `formError` holds what fits no field.
 */
export function useZodForm<TValues extends Record<string, any>, TResult = unknown>(options: UseZodFormOptions<TValues, TResult>) {
  const { t } = useTranslation('kit');
  const form = useForm<TValues>({ mode: 'controlled', initialValues: options.initialValues, validate: (values) => schemaFormErrors(options.schema, values) });
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const send = async (values: TValues) => {
    setSubmitting(true);
    setFormError(null);
    try {
      const result = await options.submit(options.schema.parse(values));
      if (options.successMessage) showToast({ message: options.successMessage, tone: 'success' });
      options.onSuccess?.(result);
    } catch (error) {
      const rest = applyServerErrors(form, error);
      if (rest === null) showError(error);
      else if (rest) setFormError(rest);
    } finally {
      setSubmitting(false);
    }
  };
  const onSubmit = form.onSubmit((values) => void send(values)) as (event?: FormEvent<HTMLFormElement>) => void;
  return { form, submitting, formError, onSubmit, formErrorTitle: t('formErrorsTitle') };
}
