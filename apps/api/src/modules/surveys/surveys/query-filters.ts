import type { ParsedFilterGroup, ResourceQueryDef } from '../../../http/query';

/** A filter the service adds to every list of a resource (e.g. templates only). */
export function fixedFilter(def: ResourceQueryDef, key: string, value: string | number | boolean): ParsedFilterGroup {
  return {
    or: false,
    filters: [{ key, field: def.fields[key], operator: 'eq', value: { kind: 'scalar', value }, not: false }],
  };
}
