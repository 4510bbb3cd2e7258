import type { z } from 'zod';
import { schemaMessage } from './schema-language';

/** The first message per field of a zod check, in the interface's language, for a Mantine form's `validate`. */
export function zodFormErrors<T>(schema: z.ZodType<unknown>, values: T): Partial<Record<keyof T & string, string>> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<string, string>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = schemaMessage(issue.message);
  }
  return errors as Partial<Record<keyof T & string, string>>;
}

/** Server field errors (422) as form errors, one string per field. */
export function toFormErrors(fieldErrors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, messages.join('\n')]));
}
