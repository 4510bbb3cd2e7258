import { RECORD_ID_PATTERN } from '@app/contracts';
import { fillPath, leafPaths, type Operation, sampleOf, withLeaf } from './openapi-operations';

/**
 * Malformed requests generated from one OpenAPI operation: bad ids in each path
 * parameter, NUL characters and out-of-range numbers in each body field, generic wrong
 * bodies, malformed query objects, wrong content types, truncated multipart forms and a
 * bad `Agent-id`. Each names what it expects beyond "no 5xx".
 */

export type Expectation = 'no-5xx' | 'not-found' | 'nul-refused' | 'agent-refused' | 'field-refused';

export interface MalformedRequest {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  expect: Expectation;
}

/** Integers PostgreSQL's int4 cannot hold, and texts that are no id at all. */
export const BAD_IDS = ['2147483648', '-1', '1e99', 'abc', '%00', '99999999999999999999'];
/** Bad values for a number in a JSON body. */
const BAD_NUMBERS: unknown[] = [2147483648, 1e99, -1, 'abc'];
const NUL = '\u0000';

function deeplyNested(depth: number): unknown {
  let value: unknown = { leaf: 'x' };
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** Bodies of the wrong shape for any route, query-object bodies for the search routes. */
const GENERIC_BODIES: [string, string][] = [
  ['{}', '{}'],
  ['[]', '[]'],
  ['"x"', '"x"'],
  ['null', 'null'],
  ['42', '42'],
  ['huge number', '{"id": 1e400, "survey_id": 99999999999999999999999}'],
  ['deeply nested', JSON.stringify(deeplyNested(2000))],
  ['array of objects', '[{"id": 1}, {"id": 2147483648}]'],
  ['id out of range', '{"id": 2147483648, "ids": [2147483648], "input": "x"}'],
  ['filter on an out-of-range id', JSON.stringify({ filter_groups: [{ filters: [{ key: 'id', value: 2147483648, operator: 'eq' }] }] })],
  ['filter on an invalid date', JSON.stringify({ filter_groups: [{ filters: [{ key: 'created_at', value: '2026-13-45', operator: 'gt' }] }] })],
  ['filter on an invalid enum', JSON.stringify({ filter_groups: [{ filters: [{ key: 'status', value: 'nimporte', operator: 'eq' }] }] })],
  ['nested query object', JSON.stringify({ filter_groups: deeplyNested(200), includes: deeplyNested(50), sort: { a: { b: 1 } } })],
  ['query values of the wrong type', JSON.stringify({ limit: 1e99, page: -1, start: 'x', sort: 5, includes: { a: 1 }, select: [[1]] })],
  ['NUL in an unknown key', JSON.stringify({ 'x\u0000': 1, note: 'a\u0000b' })],
];

/** Query strings of the wrong shape (the codec reads `a[b][c]` as nested objects). */
const QUERY_STRINGS: [string, string][] = [
  ['NUL in a value', 'input=a%00b'],
  ['NUL in a key', 'a%00b=1'],
  ['filter on an out-of-range id', 'filter_groups[0][filters][0][key]=id&filter_groups[0][filters][0][value]=2147483648&filter_groups[0][filters][0][operator]=eq'],
  ['filter on an out-of-range foreign id', 'filter_groups[0][filters][0][key]=survey_id&filter_groups[0][filters][0][value]=99999999999&filter_groups[0][filters][0][operator]=in'],
  ['filter on an invalid date', 'filter_groups[0][filters][0][key]=created_at&filter_groups[0][filters][0][value]=2026-02-30&filter_groups[0][filters][0][operator]=gt'],
  ['filter on an invalid enum', 'filter_groups[0][filters][0][key]=status&filter_groups[0][filters][0][value]=nimporte'],
  ['deeply nested', `${'a'}${'[b]'.repeat(60)}=1`],
  ['paging out of range', 'limit=1e99&page=-1&start=99999999999999999999'],
  ['wrong shapes', 'sort=[&includes[a][b]=1&select[0][0]=x&filter_groups=x&with_total=peut-etre'],
  ['ids and dates of hand-written filters', 'id=2147483648&survey_id=-1&company_id=1e99&from=2026-13-45&to=hier&status=nimporte&type=nimporte&key=%00'],
  ['arrays where scalars are expected', 'id[]=1&id[]=2&from[a]=1&status[]=x&limit[]=1'],
];

const BOUNDARY = '----sonde';
function multipart(parts: string, close = true): Buffer {
  return Buffer.from(`${parts}${close ? `--${BOUNDARY}--\r\n` : ''}`, 'binary');
}
function field(name: string, value: string): string {
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
}
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
).toString('binary');
function filePart(name: string, content: string, end = true): string {
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${content}${end ? '\r\n' : ''}`;
}
const ID_FIELDS = ['id', 'question_id', 'survey_id', 'company_id', 'participation_id'];
const TEXT_FIELDS = ['survey_code', 'client_uuid', 'name', 'type'];

/** Multipart bodies for every POST: cut short, without boundary, garbage, bad fields. */
function multipartBodies(): [string, Record<string, string>, Buffer][] {
  const type = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  return [
    ['multipart cut short in the file', type, multipart(field('question_id', '1') + filePart('file', PNG_1PX.slice(0, 20), false), false)],
    ['multipart cut short in a header', type, multipart(`--${BOUNDARY}\r\nContent-Disposition: form-da`, false)],
    ['multipart without a boundary', { 'content-type': 'multipart/form-data' }, multipart(field('a', 'b'))],
    ['multipart with out-of-range ids', type, multipart(ID_FIELDS.map((f) => field(f, '2147483648')).join('') + filePart('file', PNG_1PX))],
    ['multipart with NUL in the fields', type, multipart(TEXT_FIELDS.map((f) => field(f, `a${NUL}b`)).join('') + filePart('photo', PNG_1PX))],
    ['multipart with NUL in a file name', type, multipart(field('question_id', '1') + filePart('file', PNG_1PX).replace('a.png', `a${NUL}.png`))],
  ];
}

/** Every malformed request for one operation. `base` headers carry the session, if any. */
export function malformedRequests(op: Operation, base: Record<string, string>): MalformedRequest[] {
  const out: MalformedRequest[] = [];
  const plainUrl = fillPath(op, {});
  const withBody = op.method !== 'GET' && op.method !== 'DELETE';
  const add = (label: string, url: string, expect: Expectation, ...extras: Partial<MalformedRequest>[]) => {
    const headers = Object.assign({ ...base }, ...extras.map((e) => e.headers));
    const payload = extras.find((e) => e.payload !== undefined)?.payload;
    out.push({ label, method: op.method, url, headers, expect, ...(payload !== undefined && { payload }) });
  };
  const json = (payload: string) => ({ headers: { 'content-type': 'application/json' }, payload });
  const sample = op.jsonBody ? sampleOf(op.jsonBody) : undefined;
  const sampleBody = sample === undefined ? undefined : JSON.stringify(sample);

  for (const { name, schema } of op.pathParams) {
    const isRecordId = name === 'id' || schema.pattern === RECORD_ID_PATTERN.source;
    for (const bad of BAD_IDS) {
      const url = fillPath(op, { [name]: bad });
      // A path id that is no id names nothing: 404 (a NUL is refused before, as anywhere).
      const expect: Expectation = bad === '%00' ? 'nul-refused' : isRecordId ? 'not-found' : 'no-5xx';
      add(`path ${name}=${bad}`, url, expect, sampleBody !== undefined ? json(sampleBody) : {});
    }
  }
  add('Agent-id out of range', plainUrl, 'agent-refused', { headers: { 'agent-id': '2147483648' } }, sampleBody !== undefined ? json(sampleBody) : {});
  add('Agent-id not a number', plainUrl, 'agent-refused', { headers: { 'agent-id': '1e3' } });
  for (const [label, query] of QUERY_STRINGS) {
    add(`query ${label}`, `${plainUrl}?${query}`, label.startsWith('NUL') ? 'nul-refused' : 'no-5xx', sampleBody !== undefined ? json(sampleBody) : {});
  }
  for (const param of op.queryParams) {
    for (const bad of [...BAD_IDS, `${param.name}[a]=1`]) {
      const query = bad.includes('=') ? bad : `${encodeURIComponent(param.name)}=${bad}`;
      add(`query ${param.name}: ${bad}`, `${plainUrl}?${query}`, bad === '%00' ? 'nul-refused' : 'no-5xx');
    }
  }
  if (!withBody) return out;

  for (const [label, payload] of GENERIC_BODIES) add(`body ${label}`, plainUrl, label.startsWith('NUL') ? 'nul-refused' : 'no-5xx', json(payload));
  add('malformed JSON', plainUrl, 'no-5xx', json('{"login": "a", '));
  add('JSON with a NUL escape', plainUrl, 'nul-refused', json('{"x": "\\u0000"}'));
  add('text/plain body', plainUrl, 'no-5xx', { headers: { 'content-type': 'text/plain' }, payload: 'x\u0000' });
  add('XML body', plainUrl, 'no-5xx', { headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
  add('form-urlencoded body', plainUrl, 'no-5xx', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=%00&id=2147483648' });
  add('JSON content type, empty body', plainUrl, 'no-5xx', json(''));
  for (const [label, headers, payload] of multipartBodies()) add(label, plainUrl, 'no-5xx', { headers, payload });

  if (sample !== undefined) {
    const strings = leafPaths(sample, (leaf) => typeof leaf === 'string');
    for (const path of strings) {
      const original = String(leafAt(sample, path));
      add(`NUL in ${path.join('.')}`, plainUrl, 'nul-refused', json(JSON.stringify(withLeaf(sample, path, `${original}${NUL}`))));
    }
    const numbers = leafPaths(sample, (leaf) => typeof leaf === 'number');
    for (const path of numbers) {
      for (const bad of BAD_NUMBERS) {
        const payload = JSON.stringify(withLeaf(sample, path, bad)).replace('1e+99', '1e99');
        add(`${path.join('.')}=${JSON.stringify(bad)}`, plainUrl, 'no-5xx', json(payload));
      }
    }
    // Arrays where objects are expected, and the other way round, one field at a time.
    for (const path of leafPaths(sample, () => true).filter((p) => p.length === 1)) {
      add(`${path.join('.')} as an array`, plainUrl, 'no-5xx', json(JSON.stringify(withLeaf(sample, path, [leafAt(sample, path)]))));
      add(`${path.join('.')} as an object`, plainUrl, 'no-5xx', json(JSON.stringify(withLeaf(sample, path, { a: 1 }))));
    }
  }
  return out;
}

function leafAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<any>((v, key) => v?.[key], value);
}
