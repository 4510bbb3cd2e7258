import type { z } from 'zod';
import { schemaFormErrors } from './schema-language';

/**
 * The first message per top-level field of a zod check, in the interface's language, for a
 * Mantine form's `validate` (`schemaFormErrors` keyed by the path's first key); an issue on
 * the whole value names no field and is left out.
 */
export function zodFormErrors<T>(schema: z.ZodType<unknown>, values: T): Partial<Record<keyof T & string, string>> {
  const errors: Partial<Record<string, string>> = schemaFormErrors(schema, values, (path) => String(path[0] ?? ''));
  delete errors[''];
  return errors as Partial<Record<keyof T & string, string>>;
}

/** Server field errors (422) as form errors, one string per field. */
export function toFormErrors(fieldErrors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, messages.join('\n')]));
}
