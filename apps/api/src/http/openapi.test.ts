import SwaggerParser from '@apidevtools/swagger-parser';
import { API_PREFIX } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../test/test-app';

/**
 * The published document (GET /api/docs/json) is valid OpenAPI 3.1 for a maintained
 * validator, and says for every operation what http/openapi.ts derives from its route.
 */

let t: TestApp;
let doc: Record<string, any>;
beforeAll(async () => {
  t = await openTestApp();
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t?.close());

function apiOperations(): [string, string, Record<string, any>][] {
  return Object.entries<Record<string, any>>(doc.paths)
    .filter(([path]) => path.startsWith(`${API_PREFIX}/`))
    .flatMap(([path, item]) => Object.entries<Record<string, any>>(item).map(([method, op]) => [method, path, op] as [string, string, Record<string, any>]));
}

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1 with @apidevtools/swagger-parser', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as any)).resolves.toBeTruthy();
  });

  it('gives protected operations the bearer scheme, the userID and Agent-id headers, 401 and 403', () => {
    const protectedOps = apiOperations().filter(([, , op]) => op.security);
    expect(protectedOps.length).toBeGreaterThan(250);
    for (const [method, path, op] of protectedOps) {
      const where = `${method} ${path}`;
      expect(op.security, where).toEqual([{ bearer: [] }]);
      const headers = (op.parameters ?? []).filter((p: any) => p.in === 'header').map((p: any) => p.name);
      expect(headers, where).toEqual(expect.arrayContaining(['userID', 'Agent-id']));
      expect(Object.keys(op.responses), where).toEqual(expect.arrayContaining(['401', '403', '404', '429']));
    }
  });

  it('gives every operation the error envelope for what it declares', () => {
    for (const [method, path, op] of apiOperations()) {
      const where = `${method} ${path}`;
      expect(op.responses['400'], where).toEqual({ $ref: '#/components/responses/Error400' });
      if (op.requestBody) expect(Object.keys(op.responses), where).toEqual(expect.arrayContaining(['413', '415', '422']));
      if ((op.parameters ?? []).some((p: any) => p.in === 'path')) expect(Object.keys(op.responses), where).toEqual(expect.arrayContaining(['404', '422']));
      expect(Object.keys(op.responses).some((status) => status.startsWith('2')), where).toBe(true);
    }
    expect(doc.components.schemas.ErrorEnvelope.required).toEqual(['success', 'message']);
    // A schema registered with an id is written once; its unused input twin is dropped.
    expect(doc.components.schemas.CategoryNode).toBeDefined();
    expect(doc.components.schemas.CategoryNodeInput).toBeUndefined();
    // Each shared error response carries the error envelope.
    for (const response of Object.values<any>(doc.components.responses)) {
      expect(response.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    }
  });

  it('documents the query object on the lists, with examples', () => {
    const surveys = doc.paths[`${API_PREFIX}/surveys`].get;
    const names = surveys.parameters.filter((p: any) => p.in === 'query').map((p: any) => p.name);
    expect(names).toEqual(['filter_groups', 'includes', 'sort', 'limit', 'page', 'start', 'select', 'group_by', 'load', 'wherehas', 'with_total', 'input']);
    const filterGroups = surveys.parameters.find((p: any) => p.name === 'filter_groups');
    expect(filterGroups).toMatchObject({ style: 'deepObject', explode: true, example: [{ filters: [{ key: 'status', operator: 'eq' }] }] });
    expect(filterGroups.description).toContain('filter_groups[0][filters][0][key]');
    // Not on an operation that is no list.
    expect(doc.paths[`${API_PREFIX}/health`].get.parameters ?? []).toEqual([]);
  });

  it('documents the multipart bodies of the upload operations', () => {
    for (const [path, file] of [
      ['/medias', 'file'],
      ['/profile/photo', 'photo'],
      ['/companies/{id}/logo', 'logo'],
      ['/articles/{id}/photos', 'file'],
      ['/companies/{id}/importagents', 'file'],
      ['/companies/{id}/importworkspaces', 'file'],
    ]) {
      const body = doc.paths[`${API_PREFIX}${path}`].post.requestBody;
      expect(body?.content?.['multipart/form-data']?.schema?.required, path).toEqual([file]);
    }
  });
});

/** Every integer a body or query names as an id (`id`, `*_id`, `*_ids[]`) within int4, found in the document. */
function unboundedIds(schema: Record<string, any> | undefined, path: string, out: string[], depth = 0): void {
  if (!schema || typeof schema !== 'object' || depth > 12) return;
  for (const variant of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) unboundedIds(variant, path, out, depth + 1);
  if (schema.items) unboundedIds(schema.items, `${path}[]`, out, depth + 1);
  for (const [key, prop] of Object.entries<Record<string, any>>(schema.properties ?? {})) {
    const name = `${path}.${key}`;
    const isId = key === 'id' || key.endsWith('_id') || key.endsWith('_ids');
    const target = key.endsWith('_ids') ? prop.items : prop;
    const types = [target?.type, ...(target?.anyOf ?? []).map((v: any) => v.type)].flat();
    if (isId && types.some((type) => type === 'integer' || type === 'number')) {
      const bounded = [target, ...(target?.anyOf ?? [])].every((v: any) => !['integer', 'number'].includes(v?.type) || (v.maximum !== undefined && v.maximum <= 2147483647));
      if (!bounded) out.push(name);
    }
    unboundedIds(prop, name, out, depth + 1);
  }
}

describe('ids in bodies and queries', () => {
  it('are bounded to int4 by their schema (the shared recordId), never left to the database', () => {
    const unbounded: string[] = [];
    for (const [method, path, op] of apiOperations()) {
      unboundedIds(op.requestBody?.content?.['application/json']?.schema, `${method} ${path} body`, unbounded);
      for (const p of op.parameters ?? []) {
        if (p.in === 'query') unboundedIds({ properties: { [p.name]: p.schema } }, `${method} ${path} query`, unbounded);
      }
    }
    expect(unbounded).toEqual([]);
  });
});
