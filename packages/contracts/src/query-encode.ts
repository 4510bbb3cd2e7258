import type { QueryObject } from './query-object';

/** `%XX` for every byte value, as qs writes them (upper-case hex). */
const HEX = Array.from({ length: 256 }, (_, i) => `%${i.toString(16).toUpperCase().padStart(2, '0')}`);

/**
 * A value percent-encoded as qs does (RFC 3986): letters, digits and `-._~` kept, every
 * other character as the bytes of its UTF-8 form, a lone surrogate as U+FFFD.
 */
function encodeValue(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    let c = text.charCodeAt(i);
    if (c === 0x2d || c === 0x2e || c === 0x5f || c === 0x7e || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) {
      out += text[i];
    } else if (c < 0x80) {
      out += HEX[c];
    } else if (c < 0x800) {
      out += HEX[0xc0 | (c >> 6)] + HEX[0x80 | (c & 0x3f)];
    } else if (c < 0xd800 || c >= 0xe000) {
      out += HEX[0xe0 | (c >> 12)] + HEX[0x80 | ((c >> 6) & 0x3f)] + HEX[0x80 | (c & 0x3f)];
    } else {
      const next = text.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        i += 1;
        c = 0x10000 + (((c & 0x3ff) << 10) | (next & 0x3ff));
        out += HEX[0xf0 | (c >> 18)] + HEX[0x80 | ((c >> 12) & 0x3f)] + HEX[0x80 | ((c >> 6) & 0x3f)] + HEX[0x80 | (c & 0x3f)];
      } else {
        out += '%EF%BF%BD';
      }
    }
  }
  return out;
}

function write(parts: string[], value: unknown, key: string, ancestors: Set<object>): void {
  let leaf = value instanceof Date ? value.toISOString() : value;
  if (leaf === null) leaf = '';
  const type = typeof leaf;
  if (type === 'string' || type === 'number' || type === 'boolean' || type === 'bigint' || type === 'symbol') {
    parts.push(`${key}=${encodeValue(String(leaf))}`);
    return;
  }
  if (leaf === undefined || (type !== 'object' && type !== 'function')) return;
  const node = leaf as Record<string, unknown>;
  if (ancestors.has(node)) throw new RangeError('Cyclic object value');
  ancestors.add(node);
  for (const name of Object.keys(node)) write(parts, node[name], `${key}[${name}]`, ancestors);
  ancestors.delete(node);
}

/**
 * Writes a query object as a bracket query string (`filter_groups[0][filters][0][key]=a`):
 * keys as they are, values encoded, arrays by index, nulls as empty values, undefined
 * values and empty arrays left out. The same text as `qs.stringify` with
 * `{ encodeValuesOnly: true, arrayFormat: 'indices' }` (the server reads it with qs,
 * query-codec.ts; a property test holds the two equal), without qs and the polyfills it
 * brings to the web app's first load.
 */
export function encodeQuery(q: QueryObject): string {
  const parts: string[] = [];
  const ancestors = new Set<object>();
  if (typeof q !== 'object' || q === null) return '';
  for (const key of Object.keys(q)) write(parts, (q as Record<string, unknown>)[key], key, ancestors);
  return parts.join('&');
}
