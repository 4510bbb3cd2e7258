import { INTERNAL_PREFIX } from './compile';
import type { ResourceQueryDef } from './resource-def';

export type Row = Record<string, unknown>;

/**
 * node-postgres returns int8 and numeric as strings: numeric fields leave here as numbers.
 */
export function normalizeRows(def: ResourceQueryDef, rows: Row[]): Row[] {
  const numeric = Object.keys(def.fields).filter((key) => {
    const type = def.fields[key].type;
    return type === 'integer' || type === 'number';
  });
  for (const row of rows) {
    for (const key of numeric) {
      if (typeof row[key] === 'string') row[key] = Number(row[key]);
    }
  }
  return rows;
}

/** Removes the engine's own columns (relation keys, ranks) once relations are attached. */
export function stripInternalKeys(rows: Row[]): void {
  for (const row of rows) {
    for (const key of Object.keys(row)) if (key.startsWith(INTERNAL_PREFIX)) delete row[key];
  }
}
