import { describe, expect, it } from 'vitest';
import { dropUnusedInputSchemas } from './openapi-unused-inputs';

const node = (self: string) => ({ type: 'object', properties: { children: { type: 'array', items: { $ref: `#/components/schemas/${self}` } } } });

describe('dropUnusedInputSchemas', () => {
  it('drops the input twin of a schema that only responses use, and keeps the output', () => {
    const doc = {
      paths: { '/tree': { get: { responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/CategoryNode' } } } } } } } },
      components: { schemas: { CategoryNode: node('CategoryNode'), CategoryNodeInput: node('CategoryNodeInput') } },
    };
    dropUnusedInputSchemas(doc);
    expect(Object.keys(doc.components.schemas)).toEqual(['CategoryNode']);
  });

  it('keeps an input twin that a request body refers to, directly or through another schema', () => {
    const doc = {
      paths: { '/tree': { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Wrapper' } } } } } } },
      components: {
        schemas: {
          Wrapper: { type: 'object', properties: { node: { $ref: '#/components/schemas/NodeInput' } } },
          Node: node('Node'),
          NodeInput: node('NodeInput'),
        },
      },
    };
    dropUnusedInputSchemas(doc);
    expect(Object.keys(doc.components.schemas).sort()).toEqual(['Node', 'NodeInput', 'Wrapper']);
  });

  it('leaves a schema named …Input that has no output twin', () => {
    const doc = { paths: {}, components: { schemas: { SurveyInput: { type: 'object' } } } };
    dropUnusedInputSchemas(doc);
    expect(Object.keys(doc.components.schemas)).toEqual(['SurveyInput']);
  });
});
