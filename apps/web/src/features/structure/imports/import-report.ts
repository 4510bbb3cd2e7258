import { importRowOfKey } from '@app/contracts/structure';
import type { ApiError } from '../../../lib/http-error';

/** A refused file's report: the server's message, then the problems of each row (`row` null: the whole file). */
export interface ImportRefusal {
  message: string;
  rows: Array<{ key: string; row: number | null; messages: string[] }>;
}

/**
 * The report of a refused import, read from the 422's `errors`: its keys are `row_5` in
 * every language (`importRowKey`), so the screen names the row in its own words. The
 * message is the envelope's own (the error's message also lists every problem, shown
 * row by row here); a problem that only repeats it (a file refused whole) is left out.
 */
export function importRefusalOf(error: ApiError): ImportRefusal {
  const body = error.body as { message?: unknown } | undefined;
  const message = typeof body?.message === 'string' && body.message ? body.message : error.message;
  const rows = Object.entries(error.fieldErrors)
    .map(([key, messages]) => ({ key, row: importRowOfKey(key), messages: messages.filter((m) => m !== message) }))
    .filter((entry) => entry.messages.length > 0);
  rows.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  return { message, rows };
}
