import qs from 'qs';

/**
 * qs options shared by the client encoder and the server's querystring parser, so that
 * what one writes the other reads back. Depth and array limits are explicit and large
 * enough for `wherehas[0][filter_groups][0][filters][0][value][1]` (depth 6) and for `in`
 * lists of up to MAX_LIST_LIMIT values; beyond them qs degrades to plain keys, which the
 * server then rejects as malformed rather than silently truncating.
 */
export const QUERY_QS_OPTIONS = {
  depth: 10,
  arrayLimit: 1000,
  parameterLimit: 10_000,
  allowDots: false,
  allowPrototypes: false,
  ignoreQueryPrefix: true,
} as const satisfies qs.IParseOptions;

/** The options of qs.stringify that `encodeQuery` (query-encode.ts, without qs) writes as. */
export const QUERY_STRINGIFY_OPTIONS = {
  encodeValuesOnly: true,
  arrayFormat: 'indices',
} as const satisfies qs.IStringifyOptions;

export { encodeQuery } from './query-encode';

/** Reads a bracket query string (with or without the leading `?`) back into plain values. */
export function decodeQuery(search: string): unknown {
  return qs.parse(search, QUERY_QS_OPTIONS);
}
