import { isApiError } from '../lib/http-error';

/** A failed call, as the form shows it: the server's message (in the page's language) and its field messages. */
export function readFailure(error: unknown, fallback: string): { message: string; fields: Record<string, string> } {
  if (!isApiError(error)) return { message: fallback, fields: {} };
  const fields: Record<string, string> = {};
  for (const [name, messages] of Object.entries(error.fieldErrors)) if (messages.length) fields[name] = messages.join('\n');
  return { message: error.message || fallback, fields };
}
