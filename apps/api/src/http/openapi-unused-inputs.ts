type JsonSchema = Record<string, any>;

const SCHEMA_REF = /^#\/components\/schemas\/(.+)$/;

/** The component schema names a part of the document refers to, directly. */
function refsIn(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, into);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const name = key === '$ref' && typeof item === 'string' ? SCHEMA_REF.exec(item)?.[1] : undefined;
      if (name) into.add(name);
      else refsIn(item, into);
    }
  }
}

/**
 * The schema generator writes a schema registered with an id (`.meta({ id: 'CategoryNode' })`)
 * twice: as it is read (`CategoryNodeInput`) and as it is written (`CategoryNode`), whether
 * or not any request body or parameter uses it. This drops each `…Input` twin that nothing
 * in the document refers to (from the operations, the shared responses, or another schema
 * that is itself used), so the document lists only the schemas its operations use. The
 * output schemas and any schema without a twin are left as they are.
 */
export function dropUnusedInputSchemas(doc: JsonSchema): JsonSchema {
  const schemas: JsonSchema | undefined = doc.components?.schemas;
  if (!schemas) return doc;
  const used = new Set<string>();
  refsIn(doc.paths ?? {}, used);
  refsIn(doc.components?.responses ?? {}, used);
  // Transitively: a used schema's references are used too.
  const pending = [...used];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    const found = new Set<string>();
    refsIn(schemas[name], found);
    for (const next of found) {
      if (!used.has(next)) {
        used.add(next);
        pending.push(next);
      }
    }
  }
  for (const name of Object.keys(schemas)) {
    const base = name.endsWith('Input') ? name.slice(0, -'Input'.length) : null;
    if (base && base in schemas && !used.has(name)) delete schemas[name];
  }
  return doc;
}
