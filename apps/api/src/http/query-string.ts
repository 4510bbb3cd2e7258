import { decodeQuery } from '@app/contracts/query-codec';

/**
 * The server's querystring parser: `decodeQuery` (qs, shared with the web client), with
 * the last query strings' results kept. qs was the largest single item of our own in the
 * profile of a public list request (docs/PERFORMANCE.md), and clients repeat the same
 * query strings (a list reloaded, the same reference data asked by every client).
 *
 * Each request gets its own copy: handlers may change `request.query`.
 */
const MAX_KEPT = 500;
/** Longer query strings are parsed each time rather than kept. */
const MAX_KEPT_LENGTH = 2048;

type Parsed = Record<string, unknown>;
const kept = new Map<string, Parsed>();

/** A copy of what qs returns: plain objects, arrays and strings. */
function copyOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyOf);
  const copy: Record<string, unknown> = Object.getPrototypeOf(value) === null ? Object.create(null) : {};
  for (const key of Object.keys(value)) copy[key] = copyOf((value as Record<string, unknown>)[key]);
  return copy;
}

export function parseQueryString(search: string): Parsed {
  if (search.length > MAX_KEPT_LENGTH) return decodeQuery(search) as Parsed;
  let parsed = kept.get(search);
  if (parsed === undefined) {
    parsed = decodeQuery(search) as Parsed;
    kept.set(search, parsed);
    if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
  }
  return copyOf(parsed) as Parsed;
}
